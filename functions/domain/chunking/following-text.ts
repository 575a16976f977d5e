import { SECTION_SEPARATOR } from './section-offsets';
import { TITLE_ADORNMENT } from '../extraction/kinds/markup-sections';
import { endsAbbreviation } from '../text-analysis/sentence-ends';

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
export function followingText(sections: ReadonlyArray<FollowedSection>, position: number, end: number): string {
  let text = (sections[position]?.text ?? '').slice(end, end + FOLLOWING_CHARACTERS + 1);
  for (let next = position + 1; next < sections.length && text.length <= FOLLOWING_CHARACTERS; next++) {
    text += SECTION_SEPARATOR + withMarkedTitle(sections[next]!).slice(0, FOLLOWING_CHARACTERS + 1 - text.length);
  }
  if (text.length <= FOLLOWING_CHARACTERS) return text.trimEnd();
  return completeUnits(text.slice(0, FOLLOWING_CHARACTERS));
}

interface FollowedSection {
  text: string;
  headings?: readonly string[];
}

/**
 * A later section's text with its title line marked as a Markdown heading of its depth. A page's
 * HTML and a Markdown file are cut at their headings, and each section's text starts with its
 * title as a plain line (kinds/markdown.ts); within a chunk the answer step knows it from the
 * chunk's headings, but read on into the next section it is a line like any other: Scrapy's FAQ
 * title "I'm scraping a XML document and my XPath selector doesn't return any items" was quoted as
 * the end of the answer before it. reST and AsciiDoc titles carry their own marks.
 */
function withMarkedTitle(section: FollowedSection): string {
  const title = section.headings?.at(-1);
  if (!title) return section.text;
  const [first, second] = section.text.split('\n', 2);
  if (first?.trim() !== title || (second !== undefined && TITLE_ADORNMENT.test(second))) return section.text;
  return `${'#'.repeat(Math.min(6, section.headings!.length))} ${section.text}`;
}

/**
 * `text` up to its last sentence end or paragraph break: the rest is a piece of a sentence. A
 * single line break is where the text ends only when neither comes before it: documentation is
 * hard-wrapped, and "Interpreter startup is now 10-15% faster in Python 3.11. This has a big" ended
 * at one (Python's reST), while a list or code block has paragraph breaks around it.
 */
function completeUnits(text: string): string {
  let sentenceEnd = -1;
  for (const match of text.matchAll(/[.!?]["'”’)\]]*(?=\s)/g)) if (!endsAbbreviation(text, match.index)) sentenceEnd = match.index + match[0].length;
  const cut = Math.max(text.lastIndexOf('\n\n'), sentenceEnd);
  return text.slice(0, cut > 0 ? cut : Math.max(text.lastIndexOf('\n'), 0)).trimEnd();
}

/**
 * The end of the sentence a chunk stops inside of: its following text up to the first sentence end,
 * '' when a paragraph ends first (the chunk ended with its sentence). A further passage of a page
 * (Passage.alongside) is read without the text after it, and its last sentence, cut by the chunker
 * ("When parse_args() returns from parsing this command"), was quoted as it stood; read on this far
 * it is whole. Offline on twelve documentation sets, key facts moved by a question either way on
 * six (mean 0.640 both), answers 2 % longer; all of the following text read too raised them by
 * 0.010 for answers 10 % longer.
 */
export function restOfSentence(following: string): string {
  const paragraph = following.search(/\n[ \t]*\n/);
  const sentence = paragraph === -1 ? following : following.slice(0, paragraph);
  for (const end of sentence.matchAll(/[.!?:]["'”’)\]]*(?=\s|$)/g)) {
    if (!endsAbbreviation(sentence, end.index)) return sentence.slice(0, end.index + end[0].length);
  }
  return '';
}
