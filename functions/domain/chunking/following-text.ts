import { SECTION_SEPARATOR } from './section-offsets';

/**
 * How much of the document after a chunk its record carries (`following`), in characters: two
 * chunks at the default size. Documentation states a thing, then its particulars (the option, the
 * setting, the default) in the sentences after it, which a 500-character chunk often cuts off; on
 * git-docs-qa, letting the answer read on this far into the retrieved chunks' documents quoted 0.46
 * of the key facts instead of 0.31 (two chunks; one gave 0.37, three 0.43 with longer answers).
 */
export const FOLLOWING_CHARACTERS = 1000;

/**
 * The document's text after `end` of section `position`, on into the sections after it (joined as
 * the document joins them), at most FOLLOWING_CHARACTERS and ending where a sentence or a paragraph ends,
 * so that nothing read from it is cut; '' when the document ends there.
 */
export function followingText(sections: ReadonlyArray<{ text: string }>, position: number, end: number): string {
  let text = (sections[position]?.text ?? '').slice(end, end + FOLLOWING_CHARACTERS + 1);
  for (let next = position + 1; next < sections.length && text.length <= FOLLOWING_CHARACTERS; next++) {
    text += SECTION_SEPARATOR + sections[next]!.text.slice(0, FOLLOWING_CHARACTERS + 1 - text.length);
  }
  if (text.length <= FOLLOWING_CHARACTERS) return text.trimEnd();
  return completeUnits(text.slice(0, FOLLOWING_CHARACTERS));
}

/**
 * `text` up to its last sentence end or paragraph break: the rest is a piece of a sentence. A
 * single line break is where the text ends only when neither comes before it: documentation is
 * hard-wrapped, and "Interpreter startup is now 10-15% faster in Python 3.11. This has a big" ended
 * at one (Python's reST), while a list or code block has paragraph breaks around it.
 */
function completeUnits(text: string): string {
  let sentenceEnd = -1;
  for (const match of text.matchAll(/[.!?]["'”’)\]]*(?=\s)/g)) sentenceEnd = match.index + match[0].length;
  const cut = Math.max(text.lastIndexOf('\n\n'), sentenceEnd);
  return text.slice(0, cut > 0 ? cut : Math.max(text.lastIndexOf('\n'), 0)).trimEnd();
}
