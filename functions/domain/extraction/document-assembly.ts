import type { DocumentKind, ExtractedDocument, ExtractedSection } from './extracted-document';
import { EXTRACTION_MESSAGES, ExtractionError } from './extraction-error';
import { countCharacters, normaliseText } from './text-normalisation';

type Metadata = Omit<ExtractedDocument['metadata'], 'characters'>;

/**
 * Turns what a kind's reader found into the document every caller sees: each section normalised,
 * empty ones dropped, the full text the sections joined by a blank line (so a section's text can be
 * found in the full text as is). A document with no text left is refused with `whenNoText`: "empty"
 * when there was nothing in it, "no_text" when it has content that is not text (scanned pages).
 */
export function assembleDocument(
  kind: DocumentKind,
  sections: Iterable<ExtractedSection>,
  metadata: Metadata,
  whenNoText: 'empty' | 'no_text' = 'empty',
): ExtractedDocument {
  const kept: ExtractedSection[] = [];
  for (const section of sections) {
    const text = normaliseText(section.text);
    if (!text) continue;
    const { headings: rawHeadings, ...rest } = section;
    const headings = rawHeadings?.map((heading) => normaliseText(heading).replace(/\s+/g, ' ')).filter(Boolean) ?? [];
    kept.push({ ...rest, text, ...(headings.length ? { headings } : {}) });
  }
  if (kept.length === 0) throw new ExtractionError(whenNoText, EXTRACTION_MESSAGES[whenNoText]);
  const text = kept.map((section) => section.text).join('\n\n');
  const definedMetadata = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
  return { kind, text, sections: kept, metadata: { ...definedMetadata, characters: countCharacters(text) } };
}
