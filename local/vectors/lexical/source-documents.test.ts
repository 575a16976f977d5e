import { describe, expect, it } from 'vitest';
import { documentRows, documentsTableName, overlapLength } from './lancedb-documents';

const row = (sourceId: string, chunkIndex: number, text: string, context = '') => ({
  source_id: sourceId,
  text,
  search_text: context ? `${context}\n\n${text}` : text,
  metadata: JSON.stringify({ name: 'x', chunkIndex }),
});

describe('document view rows', () => {
  it('joins each source’s passages in chunk order, its name and headings once, the overlap once', () => {
    const rows = documentRows([
      row('b', 0, 'Only passage of b.', 'b.md'),
      row('a', 1, 'green. The second sentence follows.'),
      row('a', 0, 'The sky is blue and the grass is green.', 'a.md\nTitle'),
    ]);
    expect(rows).toEqual([
      { source_id: 'b', search_text: 'b.md\n\nOnly passage of b.' },
      { source_id: 'a', search_text: 'a.md\nTitle\n\nThe sky is blue and the grass is green.\n\n The second sentence follows.' },
    ]);
  });

  it('finds the overlap a chunk repeats, and none where there is none', () => {
    expect(overlapLength('one two three four', 'three four five')).toBe('three four'.length);
    expect(overlapLength('one two', 'three four')).toBe(0);
    expect(overlapLength('', 'anything')).toBe(0);
  });

  it('names its table after the index', () => {
    expect(documentsTableName('kb-abc-v3')).toBe('kb-abc-v3--documents');
  });
});
