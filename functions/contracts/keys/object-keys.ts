import { dataPrefix } from './storage-namespace';

const MAX_KEY_NAME_CHARS = 200;

/**
 * The file name as it appears in the object key. Keys of S3 event notifications arrive URL-encoded
 * and some S3-compatible stores mishandle unusual characters, so the key keeps only a safe subset;
 * the real name stays on the item (`metadata.original_filename`) and in downloads.
 */
export function safeObjectName(fileName: string): string {
  const base = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let safe = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^[._]+/, '');
  if (safe.length > MAX_KEY_NAME_CHARS) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 16 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_KEY_NAME_CHARS - extension.length) + extension;
  }
  return safe || 'file';
}

/** `org/<orgId>/files/<dataSourceId>/<name>`: the keys the S3 notification maps to `file.ingest` (§23.1). */
export function fileObjectPrefix(organizationId: string, dataSourceId: string): string {
  return `${dataPrefix(organizationId)}files/${dataSourceId}/`;
}

export function fileObjectKey(organizationId: string, dataSourceId: string, fileName: string): string {
  return `${fileObjectPrefix(organizationId, dataSourceId)}${safeObjectName(fileName)}`;
}

export function extractionPrefix(organizationId: string, dataSourceId: string): string {
  return `${dataPrefix(organizationId)}extracted/${dataSourceId}/`;
}

/** One extraction per object version, so a re-upload under the same id never reads an older text. */
export function extractionKey(organizationId: string, dataSourceId: string, etag: string): string {
  return `${extractionPrefix(organizationId, dataSourceId)}${normalizeEtag(etag).replace(/[^A-Za-z0-9-]/g, '_')}.json`;
}

/** S3 quotes ETags in headers and not in event notifications; compare them unquoted. */
export function normalizeEtag(etag: string): string {
  return etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
}

/** `org/<orgId>/web/<webSourceId>/`: everything a web source keeps in the platform bucket. */
export function webSourcePrefix(organizationId: string, webSourceId: string): string {
  return `${dataPrefix(organizationId)}web/${webSourceId}/`;
}

/** The stored text of one crawled page (its id is a hash of its normalised URL). */
export function webPageKey(organizationId: string, webSourceId: string, pageId: string): string {
  return `${webSourcePrefix(organizationId, webSourceId)}pages/${pageId}.json`;
}

/** Where a crawl's cursor waits between slices: it can outgrow a queue message. */
export function crawlCursorKey(organizationId: string, webSourceId: string, crawlId: string, slice: number): string {
  return `${webSourcePrefix(organizationId, webSourceId)}crawls/${crawlId}/cursor-${slice}.json`;
}
