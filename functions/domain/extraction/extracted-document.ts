/** The kinds a person may upload (contract §9 "Accepted file types"). */
export type UploadKind = 'txt' | 'md' | 'csv' | 'json' | 'pdf' | 'docx' | 'xlsx' | 'xls' | 'pptx' | 'ppt';

/** Every kind a document can be extracted from: uploads, and web pages (`html`) that only the crawler fetches. */
export type DocumentKind = UploadKind | 'html';

/** A part of the document with the structure it came from kept as metadata for citations. */
export interface ExtractedSection {
  text: string;
  page?: number;
  sheet?: string;
  slide?: number;
  /** The heading path above this section, outermost first. */
  headings?: string[];
}

export interface ExtractedDocument {
  kind: DocumentKind;
  /** The normalised full text: the sections' texts joined by a blank line. */
  text: string;
  sections: ExtractedSection[];
  metadata: {
    pageCount?: number;
    sheetNames?: string[];
    slideCount?: number;
    encoding?: string;
    title?: string;
    characters: number;
  };
}

/**
 * Stored with every extraction so that documents extracted by an older extractor can be found and
 * re-extracted when the text it produces changes. 2: Markdown front matter is read (its title and
 * description kept, its other keys dropped) instead of kept as text. 3: reST and AsciiDoc sources
 * uploaded as .txt are cut at their titles, each section with its heading path.
 */
export const EXTRACTION_FORMAT_VERSION = 3;
