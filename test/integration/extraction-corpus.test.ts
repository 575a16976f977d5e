import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentKind, ExtractedDocument } from '../../functions/domain/extraction/extracted-document';
import { ExtractionError, type ExtractionFailure } from '../../functions/domain/extraction/extraction-error';
import { ACCEPTED_TYPES, kindFromNameOrMime } from '../../functions/domain/extraction/file-type-check';
import { extractDocumentIsolated } from '../../functions/domain/extraction/isolated-extraction';

/**
 * Every file of the shared document corpus through the isolated extractor (its pool of capped worker
 * threads), one after another: the path the ingest worker takes. A file either extracts (to the phrase listed
 * for it, and the structure where one is listed) or is refused for a reason that really makes it
 * unreadable. Files of types contract §9 does not accept must be refused by kindFromNameOrMime.
 */
const CORPUS = path.resolve('../shared/fixtures/documents');
const corpusPresent = existsAsDirectory(CORPUS);

/** What can legitimately stop a file of an accepted type. */
const UNREADABLE: ReadonlySet<ExtractionFailure> = new Set(['password_protected', 'malformed', 'empty', 'no_text']);

type Expectation =
  | {
      phrase: string;
      kind?: DocumentKind;
      pageCount?: number;
      minSections?: number;
      sheetNames?: string[];
      slideCount?: number;
      encoding?: string;
      headings?: string[];
    }
  | { failure: ExtractionFailure };

const EXPECTED: Record<string, Expectation> = {
  '2023-half-year-analyses-by-segment.xlsx': { phrase: 'Analyses by segment', sheetNames: ['OS-Rev.and results 30 06 2023', 'OS-Other information 30 06 2023', 'Prod.Rev.and results 30 06 2023', 'Prod.-Other inform. 30 06 23', 'Reconciliation 30 06 2023'] },
  'arbitrary-records.json': { phrase: '[1].name: Watering Can' },
  'book-war-and-peace-1225p.txt': { phrase: 'Well, Prince, so Genoa and Lucca are now just family estates', encoding: 'UTF-8' },
  'book-war-and-peace-1p.txt': { phrase: 'Well, Prince, so Genoa and Lucca' },
  'category-level.docx': { phrase: 'Call me Ishmael' },
  'codeblock.md': { phrase: '<h1>Hello, World!</h1>', headings: ['XML Example'] },
  'contains-pictures.docx': { phrase: 'floating picture' },
  'csv-with-escaped-commas.csv': { phrase: 'A: A,A' },
  'csv-with-line-delimiter.csv': { phrase: 'col1: d; col2: e; col3: f' },
  'csv-with-long-lines.csv': { phrase: 'SpearmanCorrelationCoefficient' },
  'docx-hdrftr.docx': { phrase: 'Main document' },
  'docx-shapes.docx': { phrase: 'Paragraph with floating shape attached' },
  'docx-tables.docx': { phrase: 'Header Col 1\tHeader Col 2' },
  'duplicate-paragraphs.docx': { phrase: 'This document contains duplicates' },
  'eml/fake-email.txt': { phrase: 'This is a test email to use for unit tests.' },
  'emoji.xlsx': { phrase: '🤠😅' },
  'empty.txt': { failure: 'empty' },
  'empty.xlsx': { failure: 'empty' },
  'example-list-items-multiple.docx': { phrase: 'This is simply dummy text of the printing and typesetting industry' },
  'fake-doc-emphasized-text.docx': { phrase: 'A bold italic bold-italic example' },
  'fake-email.txt': { phrase: 'Violets are blue' },
  'fake-incomplete-json.txt': { phrase: '"name": "John Doe"', kind: 'txt' },
  // Named after a python-pptx problem with its date placeholder; the package itself is sound and reads.
  'fake-power-point-malformed.pptx': { phrase: 'Problem Date Placeholder\nTest Slide', slideCount: 1 },
  'fake-power-point-many-pages.pptx': { phrase: 'Page 2', slideCount: 2 },
  'fake-power-point-table.pptx': { phrase: 'Red\tGreen\tBlue' },
  'fake-power-point.ppt': { phrase: 'Use _TextFrame.add_paragraph() for subsequent bullets', kind: 'ppt', slideCount: 1, headings: ['Adding a Bullet Slide'] },
  'fake-power-point.pptx': { phrase: 'Use _TextFrame.add_paragraph() for subsequent bullets', slideCount: 1 },
  'fake-text-all-whitespace.txt': { failure: 'empty' },
  'fake-text-utf-16-be.txt': { phrase: 'This is a test document to use for unit tests.', encoding: 'UTF-16BE' },
  'fake-text-utf-16-le.txt': { phrase: 'This is a test document to use for unit tests.', encoding: 'UTF-16LE' },
  'fake-text-utf-16.txt': { phrase: 'This is a test document to use for unit tests.', encoding: 'UTF-16LE' },
  'fake-text-utf-32.txt': { phrase: 'This is a test document to use for unit tests.', encoding: 'UTF-32LE' },
  'fake-text.txt': { phrase: 'Hamburgers are delicious' },
  'fake.docx': { phrase: 'Lorem ipsum dolor sit amet.' },
  'fake_table.docx': { phrase: 'Lorem ipsum\tA Link example' },
  'grid_offset_error.docx': { phrase: 'Merged B1-B3' },
  'group-shapes-nested.pptx': { phrase: 'A\nI\nJ\nB\nD\nH\nC\nE\nF\nG' },
  'handbook-1p-no-rendered-page-breaks.docx': { phrase: 'The United States Trustee appoints and supervises' },
  'handbook-1p.docx': { phrase: 'The United States Trustee appoints and supervises' },
  // 872 pages as Word lays it out; the file stores no page count (no docProps/app.xml).
  'handbook-872p.docx': { phrase: 'Handbook for\nChapter 13\nStanding Trustees', minSections: 200 },
  // The file holds base64 text, not Hebrew bytes: it is read as the ASCII it is (see the test below).
  'hebrew-text-base64-iso88598i.txt': { phrase: '8uPr5e8gVGVzbGEgLSDw4/j5+iDn+unu5CDy7CDk4ff55CDs+On55e0g' },
  'hlink-meta.docx': { phrase: 'Three with link to foo.com' },
  'language-docs/UDHR_first_article_all.txt': { phrase: 'Universal Declaration of Human Right' },
  'language-docs/eng_afr_spa.txt': { phrase: 'All human beings are born free and equal in dignity and rights' },
  'language-docs/eng_spa.txt': { phrase: 'Todos los seres humanos nacen libres e iguales en dignidad y derechos' },
  'language-docs/eng_spa.xlsx': { phrase: 'All human beings are born free', sheetNames: ['English', 'Spanish'] },
  'language-docs/eng_spa_mult.docx': { phrase: 'All human beings are born free' },
  'language-docs/eng_spa_mult.md': { phrase: 'All human beings are born free' },
  // A pptx saved under .ppt: read as the pptx it is.
  'language-docs/eng_spa_mult.ppt': { phrase: 'Testing multiple languages', kind: 'pptx', slideCount: 6 },
  'language-docs/eng_spa_mult.pptx': { phrase: 'Testing multiple languages', slideCount: 6 },
  'language-docs/eng_spa_mult.txt': { phrase: 'All human beings are born free' },
  'language-docs/fr_olap.pdf': { phrase: 'Résumés et interrogations de logs de requêtes OLAP', pageCount: 12 },
  'more-than-1k-cells.xlsx': { phrase: 'x\tx\tx\tx' },
  'norwich-city.txt': { phrase: 'Iwan Roberts' },
  'not-unstructured-payload.json': { phrase: 'description: This is sample data #1' },
  'page-breaks.docx': { phrase: 'First page, tab here:', pageCount: 5 },
  'password_protected.xlsx': { failure: 'password_protected' },
  'pdf/DA-1p.pdf': { phrase: 'Abomination', pageCount: 1 },
  'pdf/DA-619p.pdf': { phrase: 'Table of Contents', pageCount: 619, minSections: 600 },
  'pdf/a1977-backus-p21.pdf': { phrase: 'functional forms' },
  'pdf/all-number-table.pdf': { phrase: '1000.01 9' },
  'pdf/chevron-page.pdf': { phrase: 'Eastern Mediterranean' },
  'pdf/copy-protected.pdf': { phrase: 'LayoutParser: A Unified Toolkit for Deep', pageCount: 2 },
  'pdf/embedded-cmap-cidfont.pdf': { phrase: 'This text uses an embedded CMap' },
  'pdf/embedded-images-tables.pdf': { phrase: 'inhibitor concentration' },
  'pdf/embedded-images.pdf': { phrase: 'HANDS-FREE' },
  'pdf/embedded-link.pdf': { phrase: 'This is the link.' },
  'pdf/emphasis-text.pdf': { phrase: 'Test bold.' },
  'pdf/failure-after-repair.pdf': { phrase: 'A guide for people with cancer', pageCount: 76 },
  'pdf/fake-bold-sample.pdf': { phrase: 'Fake Bold PDF Test Document' },
  'pdf/fake-memo-with-duplicate-page.pdf': { phrase: 'To Whom it May Concern', pageCount: 2 },
  'pdf/fake-memo.pdf': { phrase: '20,000 bottles of water' },
  'pdf/figure-overlay-text.pdf': { phrase: 'Jane Doe' },
  'pdf/header-test-doc.pdf': { phrase: 'I Am A Header' },
  'pdf/interface-config-guide-p93.pdf': { phrase: 'Interface Configuration Guide' },
  'pdf/invalid-pdf-structure-pdfminer-one-page.pdf': { phrase: 'Leadership in Cybersecurity' },
  'pdf/korean-text-with-tables.pdf': { phrase: '적립 제외 대상' },
  'pdf/layout-parser-paper-fast.pdf': { phrase: 'LayoutParser' },
  'pdf/layout-parser-paper-with-empty-pages.pdf': { phrase: 'LayoutParser', pageCount: 4 },
  'pdf/layout-parser-paper-with-table.pdf': { phrase: 'Current layout detection models' },
  'pdf/list-item-example.pdf': { phrase: 'Introduction to Product' },
  'pdf/loremipsum-flat.pdf': { failure: 'no_text' },
  'pdf/multi-column-2p.pdf': { phrase: 'Dense Passage Retrieval for Open-Domain Question Answering' },
  'pdf/multi-column.pdf': { phrase: 'Dense Passage Retrieval for Open-Domain Question Answering' },
  'pdf/negative-coords.pdf': { phrase: 'AirPort Extreme' },
  'pdf/password.pdf': { failure: 'password_protected' },
  'pdf/pdf-bad-color-space.pdf': { phrase: 'Environmental Report' },
  'pdf/pdf-with-ocr-text.pdf': { phrase: 'GROTE' },
  'pdf/pdf2image-memory-error-test-400p.pdf': { phrase: 'IDRS Terminal Response', pageCount: 400, minSections: 390 },
  'pdf/reliance.pdf': { phrase: 'Corporate' },
  'pdf/single_table.pdf': { failure: 'no_text' },
  'pdf/table-multi-row-column-cells.pdf': { failure: 'no_text' },
  'picture.pptx': { failure: 'no_text' },
  'rotated-page-90.pdf': { phrase: 'Hello World Test Text' },
  'sample-presentation.pptx': { phrase: 'This is the first content slide', slideCount: 4 },
  'science-exploration-1p.pptx': { phrase: 'Sciences and Exploration Directorate' },
  'semicolon-delimited.csv': { phrase: 'adipiscing' },
  'simple-table.md': { phrase: 'Juicy Apples | 1.99 | 739' },
  'simple.docx': { phrase: 'These are a few of my favorite things' },
  'simple.json': { phrase: '[0].metadata.filename: simple.docx' },
  'simple.pptx': { phrase: 'How much is enough?', slideCount: 2 },
  'single-column.csv': { phrase: 'dolore; magna aliqua' },
  'single-line-object.json': { phrase: 'name: Garden Trowel' },
  'spring-weather.html.json': { phrase: 'News Around NOAA' },
  'stanley-cups-utf-16.csv': { phrase: 'Team: Maple Leafs; Location: TOR; Stanley Cups: 13', encoding: 'UTF-16BE' },
  'stanley-cups-with-emoji.csv': { phrase: 'Team: 👨\\U+1F3FB🔧; Location: TOR; Stanley Cups: 15' },
  'stanley-cups.csv': { phrase: 'Team: Maple Leafs; Location: TOR; Stanley Cups: 13' },
  'stanley-cups.xlsx': { phrase: 'Maple Leafs\tTOR\t13', sheetNames: ['Stanley Cups', 'Stanley Cups Since 67'] },
  'table-multi-row-column-cells-actual.csv': { phrase: 'Disability Category: Low Vision' },
  'table-semicolon-delimiter.csv': { phrase: 'Year: 2023; Month: 2; Revenue: 143,1; Costs: -814,38' },
  'tables-with-incomplete-rows.docx': { phrase: 'Example of DOCX table where one or more rows is missing cells' },
  'teams_chat.docx': { phrase: 'James Bond' },
  'test-image-jpg-mime.pptx': { failure: 'no_text' },
  'test_evaluate_files/gold_standard_cct/currency.csv.txt': { phrase: 'Albanian lek' },
  'tests-example.xls': { phrase: 'What is 2+2?', kind: 'xls', sheetNames: ['Example Test', 'Format Abbr.', 'Readme'] },
  'umlauts-non-utf8.md': { phrase: 'äöüß', headings: ['können'], encoding: 'windows-1252' },
  'umlauts-utf8.md': { phrase: 'äöüß', headings: ['können'] },
  'vodafone.xlsx': { phrase: 'Financial performance' },
};

const SKIPPED = new Set(['README.md']);

function existsAsDirectory(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

function corpusFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? corpusFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
    .sort();
}

// What a browser would send for the file: the contract's MIME type for its extension, if any.
function browserMimeType(fileName: string): string {
  const extension = path.extname(fileName).toLowerCase();
  const known: Record<string, string> = { '.eml': 'message/rfc822', '.html': 'text/html', '.png': 'image/png', '.jpg': 'image/jpeg', '.xml': 'application/xml' };
  const accepted = Object.values(ACCEPTED_TYPES).find((types) => types.extensions.includes(extension));
  return accepted?.mimeTypes[0] ?? known[extension] ?? 'application/octet-stream';
}

const tally = new Map<string, { ok: number; failed: Map<string, number> }>();

function record(extension: string, outcome: string | undefined): void {
  const entry = tally.get(extension) ?? { ok: 0, failed: new Map<string, number>() };
  if (outcome === undefined) entry.ok += 1;
  else entry.failed.set(outcome, (entry.failed.get(outcome) ?? 0) + 1);
  tally.set(extension, entry);
}

const describeCorpus = corpusPresent ? describe : describe.skip;
const title = corpusPresent ? `extraction corpus (${CORPUS})` : `extraction corpus: SKIPPED, the corpus folder ${CORPUS} is absent from this checkout`;

describeCorpus(title, () => {
  const files = corpusPresent ? corpusFiles(CORPUS).map((file) => path.relative(CORPUS, file).split(path.sep).join('/')) : [];
  const startedAt = Date.now();

  afterAll(() => {
    const lines = [...tally.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([extension, { ok, failed }]) => `${extension.padEnd(6)} ok ${String(ok).padStart(3)}  failed ${[...failed.entries()].map(([reason, count]) => `${count} ${reason}`).join(', ') || '0'}`);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`Extraction corpus, ${files.length} files in ${Math.round((Date.now() - startedAt) / 1000)} s, peak RSS ${peakRssMb} MB (workers included: they are threads)\n${lines.join('\n')}`);
  });

  it('lists an expectation only for files that exist', () => {
    const missing = Object.keys(EXPECTED).filter((file) => !files.includes(file));
    expect(missing).toEqual([]);
  });

  for (const file of files) {
    const fileName = path.basename(file);
    if (SKIPPED.has(fileName)) continue;
    const kind = kindFromNameOrMime(fileName, browserMimeType(fileName));

    if (!kind) {
      it(`${file}: is not an accepted type`, () => {
        expect(kindFromNameOrMime(fileName, browserMimeType(fileName))).toBeUndefined();
        record(path.extname(fileName) || '(none)', 'not accepted');
      });
      continue;
    }

    it(`${file}`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(CORPUS, file)));
      const expectation = EXPECTED[file];
      let document: ExtractedDocument | undefined;
      let refusal: ExtractionError | undefined;
      try {
        document = await extractDocumentIsolated({ bytes, fileName, mimeType: browserMimeType(fileName) });
      } catch (error) {
        if (!(error instanceof ExtractionError)) throw error;
        refusal = error;
      }
      record(kind, refusal?.failure);

      if (expectation && 'failure' in expectation) {
        expect(refusal?.failure, `${file} should be refused`).toBe(expectation.failure);
        return;
      }
      if (refusal) {
        // A file without a listed expectation may be refused, but only for a reason that makes it unreadable.
        expect(expectation, `${file} was refused: ${refusal.failure} (${refusal.message})`).toBeUndefined();
        expect(UNREADABLE.has(refusal.failure), `${file}: ${refusal.failure}`).toBe(true);
        return;
      }
      expect(document!.text.length).toBeGreaterThan(0);
      expect(document!.metadata.characters).toBeGreaterThan(0);
      if (!expectation) return;
      expect(document!.text).toContain(expectation.phrase);
      if (expectation.kind) expect(document!.kind).toBe(expectation.kind);
      if (expectation.pageCount !== undefined) expect(document!.metadata.pageCount).toBe(expectation.pageCount);
      if (expectation.minSections !== undefined) expect(document!.sections.length).toBeGreaterThanOrEqual(expectation.minSections);
      if (expectation.sheetNames) {
        expect(document!.metadata.sheetNames).toEqual(expectation.sheetNames);
        expect(document!.sections.every((section) => section.sheet && expectation.sheetNames!.includes(section.sheet))).toBe(true);
      }
      if (expectation.slideCount !== undefined) {
        expect(document!.metadata.slideCount).toBe(expectation.slideCount);
        expect(document!.sections.every((section) => section.slide! >= 1 && section.slide! <= expectation.slideCount!)).toBe(true);
      }
      if (expectation.encoding) expect(document!.metadata.encoding).toBe(expectation.encoding);
      if (expectation.headings) expect(document!.sections.map((section) => section.headings)).toContainEqual(expectation.headings);
      if (document!.kind === 'pdf') {
        const pages = document!.sections.map((section) => section.page!);
        expect(pages.every((page, index) => page >= 1 && page <= document!.metadata.pageCount! && (index === 0 || page > pages[index - 1]!))).toBe(true);
      }
    });
  }

  it('reads the Hebrew of hebrew-text-base64-iso88598i.txt once it is decoded to the ISO-8859-8 bytes it describes', async () => {
    const base64 = readFileSync(path.join(CORPUS, 'hebrew-text-base64-iso88598i.txt'), 'latin1').trim();
    const document = await extractDocumentIsolated({ bytes: new Uint8Array(Buffer.from(base64, 'base64')), fileName: 'hebrew.txt', mimeType: 'text/plain' });
    expect(document.text).toContain('נדרשת חתימה');
    expect(document.text).toMatch(/[\u05d0-\u05ea]{4}/);
    expect(document.metadata.encoding).toMatch(/ISO-8859-8|windows-1255/);
  });
});
