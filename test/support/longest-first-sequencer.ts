import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first, as measured on two cores (2026-11-26, in
 * seconds on a loaded host: fuzz 168, crash-recovery 144, knowledge-chat 74, FilesPage 47, then 20
 * to 57). A fresh clone has no timing cache, so Vitest orders files by size and a long file that
 * starts last runs alone while the other core idles: CI's runs took a minute longer than runs with
 * a cache. Once Vitest has timings of its own, they decide.
 */
export const LONGEST_FILES = [
  'test/integration/fuzz.test.ts',
  'test/integration/crash-recovery.test.ts',
  'test/browser/knowledge-chat.test.ts',
  'test/browser/websites.test.ts',
  'frontend/src/pages/files/FilesPage.test.tsx',
  'test/integration/web-sources.test.ts',
  'test/integration/users-groups.test.ts',
  'test/integration/extraction-corpus.test.ts',
  'test/browser/people-account.test.ts',
  'test/browser/files-manager.test.ts',
  'test/browser/api-sources.test.ts',
  'functions/domain/extraction/isolated-extraction.test.ts',
  'local/dynamodb/dynamodb-local.test.ts',
  'frontend/src/pages/knowledge-bases/KnowledgeBaseFormPage.test.tsx',
  'frontend/src/pages/web-sources/WebSourceFormPages.test.tsx',
  'test/integration/embedded-services-hardening.test.ts',
  'local/identity/embedded-issuer.test.ts',
  'lib/groundwork-stack.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const timed = sorted.some((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`) !== undefined);
    if (timed) return sorted;
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FILES.indexOf(path(spec));
      return at < 0 ? LONGEST_FILES.length : at;
    };
    // Projects stay where Vitest put them; within one, the files named above first, the rest in Vitest's order.
    const projectAt = new Map<string, number>();
    sorted.forEach((spec, order) => projectAt.set(spec.project.name, projectAt.get(spec.project.name) ?? order));
    return sorted
      .map((spec, order) => ({ spec, order, project: projectAt.get(spec.project.name)!, rank: rank(spec) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
