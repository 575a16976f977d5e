import type { IndexSourceType } from './vectors';

/** One retrieved chunk, ready for a prompt (`text`) and for a citation (the rest). */
export interface Passage {
  /** Id of the file item, web source or API source the chunk came from. */
  documentId: string;
  /** File name, page title or API source name. */
  name: string;
  knowledgeBaseId: string;
  /** At most 300 characters of the chunk, around the words of the query. */
  snippet: string;
  /** The whole chunk. */
  text: string;
  /** 0..1, 4 decimals; higher is better. */
  score: number;
  sourceType: IndexSourceType;
  url?: string;
  page?: number;
  /** The document headings the chunk sits under, outermost first (not part of `text`). */
  headings?: string[];
  /** The document's text right after the chunk (IndexRecordMetadata.following): what an answer may read on into. */
  following?: string;
  /** What the chunk needs before its text to read as in its document (IndexRecordMetadata.opening). */
  opening?: string;
  /**
   * The same document's next-best passages, best first, on retrieval's first two passages only: read
   * by the answer step with this one and cited by its marker (retrieve.ts, withNextOfDocument).
   */
  alongside?: PassageText[];
}

/** A further passage of a passage's document, as the answer step reads it. */
export interface PassageText {
  text: string;
  headings?: string[];
  opening?: string;
  /** The rest of the sentence its chunk stops inside of, if it does. */
  following?: string;
}

/** What the answer step reads of a passage: the chunk after its opening and, run on as the document runs on, the text after it. */
export const readingText = (passage: Pick<Passage, 'text' | 'following' | 'opening'>): string => `${passage.opening ?? ''}${passage.text}${passage.following ?? ''}`;

/**
 * The document a passage belongs to when passages are spread over documents: a crawled page (its
 * URL), not the whole website its `documentId` names.
 */
export const documentKeyOf = (passage: Pick<Passage, 'documentId' | 'url'>): string => passage.url ?? passage.documentId;

/** §2 Citation, as chat messages carry it in `sources`. */
export interface Citation {
  documentId: string;
  name: string;
  knowledgeBaseId: string;
  snippet: string;
  score: number;
  sourceType: IndexSourceType;
  url?: string;
}
