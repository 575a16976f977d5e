import { describe, expect, it } from 'vitest';
import { documentName, overlapLength, sourceDocuments } from './source-documents';

const passage = (sourceId: string, chunkIndex: number, text: string, context = '') => ({
  sourceId,
  chunkIndex,
  text,
  searchText: context ? `${context}\n\n${text}` : text,
});

describe('document view', () => {
  it('joins each source’s passages in chunk order, its name and headings once, the overlap once', () => {
    const documents = sourceDocuments([
      passage('b', 0, 'Only passage of b.', 'b.md'),
      passage('a', 1, 'green. The second sentence follows.'),
      passage('a', 0, 'The sky is blue and the grass is green.', 'a.md\nTitle'),
    ]);
    expect(documents).toEqual([
      { sourceId: 'b', text: 'b.md\n\nOnly passage of b.', name: '' },
      { sourceId: 'a', text: 'a.md\nTitle\n\nThe sky is blue and the grass is green.\n\n The second sentence follows.', name: '' },
    ]);
  });

  it("carries the source's name, a file's without its extension", () => {
    expect(sourceDocuments([{ ...passage('a', 0, 'Text.'), name: 'react-drawer' }])[0]?.name).toBe('react-drawer');
    expect(documentName('file', 'react-drawer.md')).toBe('react-drawer');
    expect(documentName('file', 'report v2.0')).toBe('report v2.0');
    expect(documentName('web', 'Node.js')).toBe('Node.js');
  });

  it('finds the overlap a chunk repeats, and none where there is none', () => {
    expect(overlapLength('one two three four', 'three four five')).toBe('three four'.length);
    expect(overlapLength('one two', 'three four')).toBe(0);
    expect(overlapLength('', 'anything')).toBe(0);
  });
});
