import { getDocumentProxy } from 'unpdf';
import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type TextContent = Awaited<ReturnType<PdfPage['getTextContent']>>;

/**
 * One section per page, read one page at a time and released (`page.cleanup()`) before the next:
 * unpdf's own `extractText` asks for every page at once, which holds a 600-page document's parsed
 * pages in memory together. Copy-protected PDFs (encrypted with an empty user password and
 * permission flags) open and extract: reading is not what their flags forbid. A user password is
 * "password-protected"; a PDF whose pages have no text layer at all is "no text" (scanned images).
 */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  let pdf: PdfDocument;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given; the caller's bytes stay intact.
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  } catch (cause) {
    throw openFailure(cause);
  }
  try {
    const sections: ExtractedSection[] = [];
    let failedPages = 0;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      let page: PdfPage | undefined;
      try {
        page = await pdf.getPage(pageNumber);
        sections.push({ text: pageText(await page.getTextContent()), page: pageNumber });
      } catch {
        // One damaged page (a broken content stream) should not cost the reader the other pages.
        failedPages += 1;
      } finally {
        page?.cleanup();
      }
    }
    if (pdf.numPages > 0 && failedPages === pdf.numPages) throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed);
    const title = await documentTitle(pdf);
    return assembleDocument('pdf', sections, { pageCount: pdf.numPages, title }, pdf.numPages > 0 ? 'no_text' : 'empty');
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

function openFailure(cause: unknown): ExtractionError {
  const name = (cause as { name?: unknown } | undefined)?.name;
  if (name === 'PasswordException') return new ExtractionError('password_protected', EXTRACTION_MESSAGES.password_protected, { cause });
  return new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
}

/**
 * pdf.js gives positioned runs of text and marks most line ends; a run that starts lower on the page
 * than the previous one without such a mark still starts a new line, and a horizontal gap between
 * two runs on one line is a space, or words would fuse ("Tableof contents").
 */
function pageText(content: TextContent): string {
  let text = '';
  let previous: { x: number; y: number; width: number; height: number } | undefined;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [, , , , x = 0, y = 0] = item.transform as number[];
    if (previous && !text.endsWith('\n')) {
      const lineHeight = Math.max(item.height, previous.height, 1);
      if (Math.abs(y - previous.y) > lineHeight * 0.5) text += '\n';
      else if (x - (previous.x + previous.width) > lineHeight * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    previous = { x, y, width: item.width, height: item.height };
  }
  return text;
}

async function documentTitle(pdf: PdfDocument): Promise<string | undefined> {
  try {
    const { info } = await pdf.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    return typeof title === 'string' && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}
