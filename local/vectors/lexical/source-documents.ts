import { OVERLAP_RANGE } from '../../../shared/rules/chunking';

/** A passage as the document view needs it. */
export interface PassageText {
  sourceId: string;
  chunkIndex: number;
  /** The passage alone. */
  text: string;
  /** Name, headings and text (searchableText). */
  searchText: string;
  /** What the source is called: a file's name without its extension, a page's title (documentName). */
  name?: string;
}

/**
 * The document view of an index: one text per source (file, page, API source), so that a passage
 * is also scored by its whole document (lexical-index.ts). Each source's text is the searchable
 * text of its first passage (name, headings, text), then the text of the others in chunk order,
 * each without the overlap it repeats from the one before (so no word is counted twice for being
 * at a boundary). Sources come in the order their first passage does.
 */
export function sourceDocuments(passages: readonly PassageText[]): Array<{ sourceId: string; text: string; name: string }> {
  const bySource = new Map<string, PassageText[]>();
  for (const passage of passages) {
    const list = bySource.get(passage.sourceId);
    if (list) list.push(passage);
    else bySource.set(passage.sourceId, [passage]);
  }
  return [...bySource.entries()].map(([sourceId, list]) => {
    const ordered = [...list].sort((a, b) => a.chunkIndex - b.chunkIndex);
    const [first, ...rest] = ordered as [PassageText, ...PassageText[]];
    let text = first.searchText;
    let previous = first.text;
    for (const passage of rest) {
      text += `\n\n${passage.text.slice(overlapLength(previous, passage.text))}`;
      previous = passage.text;
    }
    return { sourceId, text, name: first.name ?? '' };
  });
}

/** A file's name without its extension ("react-drawer.md" → "react-drawer": the extension is no topic); a page's or API source's name as it is ("Node.js 20"). */
export function documentName(sourceType: string, name: string): string {
  return sourceType === 'file' ? name.replace(/\.[a-z][a-z0-9]{0,4}$/i, '') : name;
}

/** Length of the longest start of `next` that ends `previous`, up to the most a chunk repeats (OVERLAP_RANGE.max). */
export function overlapLength(previous: string, next: string): number {
  for (let length = Math.min(OVERLAP_RANGE.max, previous.length, next.length); length > 0; length--) {
    if (previous.endsWith(next.slice(0, length))) return length;
  }
  return 0;
}
