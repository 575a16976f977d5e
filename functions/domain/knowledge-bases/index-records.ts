import type { ChunkingOptions } from '../../../shared/rules/chunking';
import { chunkDocument, type Chunk, type ChunkableDocument } from '../chunking/chunk-document';
import type { IndexRecord, IndexRecordMetadata } from '../../contracts/ports/vectors';

/** What the answer step reads with a chunk, files and pages alike: its headings, the text after it, the opening before it. */
function readingMetadata(chunk: Chunk): Pick<IndexRecordMetadata, 'headings' | 'following' | 'opening'> {
  return {
    ...(chunk.headings ? { headings: chunk.headings } : {}),
    ...(chunk.following ? { following: chunk.following } : {}),
    ...(chunk.opening ? { opening: chunk.opening } : {}),
  };
}

/**
 * The index records of one file: its stored extraction chunked with the knowledge base's
 * settings. Ids are `<fileId>:<chunk index>`, stable for the same text and settings, so a slice
 * that is run again overwrites what it wrote before instead of adding to it.
 */
export function fileIndexRecords(file: { id: string; name: string }, document: ChunkableDocument, options: ChunkingOptions): IndexRecord[] {
  return chunkDocument(document, options).map((chunk) => ({
    id: `${file.id}:${chunk.index}`,
    sourceId: file.id,
    sourceType: 'file',
    text: chunk.text,
    metadata: {
      name: file.name,
      chunkIndex: chunk.index,
      ...(chunk.page !== undefined ? { page: chunk.page } : {}),
      ...(chunk.sheet !== undefined ? { sheet: chunk.sheet } : {}),
      ...(chunk.slide !== undefined ? { slide: chunk.slide } : {}),
      ...readingMetadata(chunk),
    },
  }));
}

/**
 * The index records of one crawled page: cited by the page's title and URL (§2 Citation), under
 * its web source's id. Ids are `<sourceId>:<pageId>:<chunk index>`, stable like a file's.
 */
export function webPageIndexRecords(sourceId: string, page: { page_id: string; title: string; url: string }, document: ChunkableDocument, options: ChunkingOptions): IndexRecord[] {
  return chunkDocument(document, options).map((chunk) => ({
    id: `${sourceId}:${page.page_id}:${chunk.index}`,
    sourceId,
    sourceType: 'web',
    text: chunk.text,
    metadata: {
      name: page.title || page.url,
      url: page.url,
      chunkIndex: chunk.index,
      ...(chunk.page !== undefined ? { page: chunk.page } : {}),
      ...readingMetadata(chunk),
    },
  }));
}
