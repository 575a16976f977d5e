import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { EXTRACTION_FORMAT_VERSION, type ExtractedDocument } from '../extraction/extracted-document';

/**
 * The text of one object version, stored once as JSON in the platform bucket, so knowledge bases
 * chunk from it later without parsing the file again (and without reaching a user's own store).
 */
export interface StoredExtraction extends Pick<ExtractedDocument, 'kind' | 'text' | 'sections' | 'metadata'> {
  formatVersion: number;
  dataSourceId: string;
  etag: string;
}

const FORMAT_METADATA = 'format-version';

export function toStoredExtraction(dataSourceId: string, etag: string, document: ExtractedDocument): StoredExtraction {
  return { formatVersion: EXTRACTION_FORMAT_VERSION, dataSourceId, etag, kind: document.kind, text: document.text, sections: document.sections, metadata: document.metadata };
}

export async function writeExtraction(objects: ObjectsPort, key: string, extraction: StoredExtraction): Promise<void> {
  await objects.client.send(
    new PutObjectCommand({
      Bucket: objects.bucket,
      Key: key,
      Body: JSON.stringify(extraction),
      ContentType: 'application/json',
      ServerSideEncryption: 'AES256',
      // In the object's metadata, so a redelivery can tell "already done" from a HEAD alone.
      Metadata: { [FORMAT_METADATA]: String(extraction.formatVersion) },
    }),
  );
}

/** Whether the extraction of this version is already stored in the current format (a redelivery after a crash). */
export async function hasCurrentExtraction(objects: ObjectsPort, key: string): Promise<boolean> {
  try {
    const head = await objects.client.send(new HeadObjectCommand({ Bucket: objects.bucket, Key: key }));
    return head.Metadata?.[FORMAT_METADATA] === String(EXTRACTION_FORMAT_VERSION);
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return false;
    throw error;
  }
}

export async function readExtraction(objects: ObjectsPort, key: string): Promise<StoredExtraction | undefined> {
  try {
    const answer = await objects.client.send(new GetObjectCommand({ Bucket: objects.bucket, Key: key }));
    return JSON.parse(await (answer.Body as { transformToString(): Promise<string> }).transformToString()) as StoredExtraction;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
