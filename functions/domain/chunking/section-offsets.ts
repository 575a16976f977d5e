/**
 * Where each section starts in the document's text, so a chunk's charStart/charEnd point into
 * `doc.text` and a citation can highlight it. Parsers build `text` from their sections in order,
 * so each section is found after the previous one; when one is not (a parser normalised the text
 * differently), every offset refers instead to the sections joined by a blank line, which is the
 * text the chunks were cut from.
 */
export const SECTION_SEPARATOR = '\n\n';

export function sectionOffsets(text: string, sections: ReadonlyArray<{ text: string }>): number[] {
  const found: number[] = [];
  let cursor = 0;
  for (const section of sections) {
    const at = text.indexOf(section.text, cursor);
    if (at < 0) return joinedOffsets(sections);
    found.push(at);
    cursor = at + section.text.length;
  }
  return found;
}

function joinedOffsets(sections: ReadonlyArray<{ text: string }>): number[] {
  const offsets: number[] = [];
  let cursor = 0;
  for (const section of sections) {
    offsets.push(cursor);
    cursor += section.text.length + SECTION_SEPARATOR.length;
  }
  return offsets;
}
