import type { ApiFetch } from '../../api/client';
import { MESSAGES, mimeTypeFor } from './file-rules';
import type { DataSourceItem, UploadTicket } from './types';

/**
 * Spec 02 §4 upload flow, contract §9.5–§9.6: (1) ask for a presigned URL, which creates the pending
 * item; (2) PUT the bytes straight to object storage with the Content-Type the server signed, with
 * progress; (3) report completion so ingest starts. The bytes never pass through the API, whose
 * request limit is far below 50 MB.
 */
export async function uploadFile(
  apiFetch: ApiFetch,
  file: File,
  options: { folderId?: string | null; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<DataSourceItem | undefined> {
  const mimeType = mimeTypeFor(file);
  const folderId = options.folderId ?? undefined;
  const ticket = await apiFetch<UploadTicket>('/api/data-sources/upload-url', {
    method: 'POST',
    body: { filename: file.name, size: file.size, mimeType, ...(folderId ? { folderId } : {}) },
    signal: options.signal,
  });
  // The signature covers Content-Type: sending anything but what the server signed is a 403.
  const contentType = headerValue(ticket.headers, 'Content-Type') ?? mimeType;
  await putWithProgress(ticket.uploadUrl, file, { ...ticket.headers, 'Content-Type': contentType }, options.onProgress, options.signal, ticket.method);
  return apiFetch<DataSourceItem>('/api/data-sources/upload-complete', {
    method: 'POST',
    body: { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName, size: file.size, mimeType: contentType, ...(folderId ? { folderId } : {}) },
    signal: options.signal,
  });
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key ? headers[key] : undefined;
}

/** An upload that was stopped by the user; not an error worth showing. */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

/**
 * fetch() cannot report upload progress, so the PUT goes through XMLHttpRequest and its
 * `upload.onprogress`. No bearer header: the presigned URL is the credential, and object storage would
 * reject an Authorization header next to a query signature.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  method = 'PUT',
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method || 'PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      // Browsers forbid setting these; object storage signs the host, not them.
      if (['host', 'content-length'].includes(name.toLowerCase())) continue;
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(new Error(MESSAGES.uploadStatus(request.status)));
      }
    };
    request.onerror = () => reject(new Error(MESSAGES.uploadNetwork));
    request.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
