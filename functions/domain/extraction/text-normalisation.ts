// Form feeds (PDF page ends), vertical tabs (PowerPoint and Word line breaks) and the Unicode line
// separators mean "new line" to the reader, so they become one before control characters go.
const LINE_BREAKS = /\r\n?|[\f\v\u0085\u2028\u2029]/g;
// C0 and C1 controls except \t and \n, DEL, and byte order marks left inside the text. NULs come from
// UTF-16 read as bytes or from binary padding in old Office streams; none of them is content.
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\uFEFF]/g;
// A lone surrogate cannot be stored as UTF-8 (DynamoDB, S3 metadata, JSON) without corruption.
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TRAILING_SPACES = /[ \t\u00A0]+$/gm;
const BLANK_LINE_RUNS = /\n{3,}/g;

/**
 * The one normal form every extractor's text ends in, so that chunking, search and comparisons see
 * the same characters whatever the source format: NFC, \n line ends, no control characters except
 * \n and \t, no trailing spaces, at most one blank line in a row, no leading or trailing blank lines.
 */
export function normaliseText(raw: string): string {
  return raw
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS, '')
    .replace(LONE_SURROGATES, '')
    .normalize('NFC')
    .replace(TRAILING_SPACES, '')
    .replace(BLANK_LINE_RUNS, '\n\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** Code points rather than UTF-16 units, so that an emoji counts once. */
export function countCharacters(text: string): number {
  let surrogatePairs = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff) surrogatePairs += 1;
  }
  return text.length - surrogatePairs;
}
