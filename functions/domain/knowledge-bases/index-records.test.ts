import { describe, expect, it } from 'vitest';
import { nextIndexVersion } from './deploy-knowledge-base';
import { fileIndexRecords } from './index-records';
import { liveIndexVersions } from './index-versions';

describe('fileIndexRecords', () => {
  it('chunks a stored extraction into records with stable ids and citation metadata', () => {
    const sections = [
      { text: 'First page. '.repeat(30).trim(), page: 1, headings: ['Intro'] },
      { text: 'Second page text.', page: 2 },
    ];
    const document = { text: sections.map((section) => section.text).join('\n\n'), sections };
    const records = fileIndexRecords({ id: 'fil_1', name: 'report.pdf' }, document, { chunkSize: 150, overlap: 20 });
    expect(records.length).toBeGreaterThan(2);
    expect(records.map((record) => record.id)).toEqual(records.map((_, index) => `fil_1:${index}`));
    expect(records[0]).toMatchObject({ sourceId: 'fil_1', sourceType: 'file', metadata: { name: 'report.pdf', chunkIndex: 0, page: 1, headings: ['Intro'] } });
    expect(records.at(-1)).toMatchObject({ text: 'Second page text.', metadata: { page: 2 } });
    expect(records.at(-1)?.metadata.headings).toBeUndefined();
    expect(fileIndexRecords({ id: 'fil_1', name: 'report.pdf' }, document, { chunkSize: 150, overlap: 20 })).toEqual(records);
  });
});

describe('index versions', () => {
  it('hands out a version never used before, even after failed deployments', () => {
    expect(nextIndexVersion({})).toBe(1);
    expect(nextIndexVersion({ active_index_version: 2, last_index_version: 2 })).toBe(3);
    expect(nextIndexVersion({ active_index_version: 2, last_index_version: 5 })).toBe(6);
  });

  it('knows which versions a knowledge base may still have', () => {
    expect(liveIndexVersions({})).toEqual([]);
    expect(liveIndexVersions({ active_index_version: 3, deployment_version: 4 })).toEqual([3, 4]);
  });
});
