import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The process `npm start` and the benchmarks run the platform in (scripts/platform-process.mjs):
 * its V8 flags must reach the process without stopping the worker threads every extraction runs
 * in. The extraction pool hands its workers the process's command-line flags, and a worker refuses
 * V8's, so the flags go in NODE_OPTIONS.
 */
const folder = mkdtempSync(join(tmpdir(), 'gw-platform-process-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// .mts: outside the project's package.json a .ts would be CommonJS, without top-level await.
const ENTRY = join(folder, 'entry.mts');
const EXTRACTION = new URL('../../functions/domain/extraction/isolated-extraction.ts', import.meta.url).href;
// The platform's own extraction, which runs in a worker thread of its pool.
writeFileSync(
  ENTRY,
  `import { extractDocumentIsolated, shutdownExtractionPool } from ${JSON.stringify(EXTRACTION)};
const document = await extractDocumentIsolated({ bytes: new TextEncoder().encode('Hello from a worker'), fileName: 'hello.txt', mimeType: 'text/plain' });
console.log(JSON.stringify({ text: document.text, nodeOptions: process.env.NODE_OPTIONS, args: process.argv.slice(2) }));
await shutdownExtractionPool();
`,
);

describe('the platform process', () => {
  it('runs a TypeScript entry with its arguments and a young generation of 64 MB, and extraction workers start', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/run-platform.mjs', ENTRY, '--set', 'git-docs'], {
      env: { ...process.env, NODE_OPTIONS: '--stack-trace-limit=20' },
      timeout: 30_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { text: string; nodeOptions: string; args: string[] };
    expect(report.text).toBe('Hello from a worker');
    // The caller's own options stay.
    expect(report.nodeOptions.split(' ')).toEqual(['--stack-trace-limit=20', '--max-semi-space-size=64']);
    expect(report.args).toEqual(['--set', 'git-docs']);
  });
});
