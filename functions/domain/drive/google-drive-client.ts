import { guardedFetch } from '../outbound/guarded-fetch';

/** Google's own API host; GOOGLE_API_BASE_URL replaces it (tests point it at a fake server). */
export const DEFAULT_GOOGLE_API_BASE_URL = 'https://www.googleapis.com';

/** A file as Drive v3 describes it (`files.list` / `files.get` with the fields asked for below). */
export interface GoogleDriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** Decimal string; absent for Google-native documents. */
  size?: string;
  modifiedTime?: string;
  webViewLink?: string;
  trashed?: boolean;
}

export interface GoogleDriveFilePage {
  files: GoogleDriveFile[];
  nextPageToken?: string;
}

/** Google refused the token (401): expired, revoked or of another scope. */
export class DriveAuthRejectedError extends Error {}
/** Google answers 404 for the file (deleted, or not shared with the token's user). */
export class DriveFileMissingError extends Error {}
/** The content is larger than the caller allows. */
export class DriveContentTooLargeError extends Error {}
/** Google could not be reached or answered with an error that is not the file's or the token's. */
export class DriveUnavailableError extends Error {}

const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,webViewLink,trashed';
const REQUEST_TIMEOUT_MS = 20_000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * Drive v3 over HTTPS with the caller's `drive.readonly` access token, through the guarded fetch
 * (§1.10) like every other outbound call. The client holds the token only for its own lifetime.
 */
export class GoogleDriveClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  /** `files.list`: non-folder, non-trashed files, newest modified first (§12.1). */
  async list(options: { pageSize: number; pageToken?: string; search?: string }): Promise<GoogleDriveFilePage> {
    const clauses = ["trashed = false", "mimeType != 'application/vnd.google-apps.folder'"];
    if (options.search?.trim()) clauses.push(`name contains '${escapeQueryValue(options.search.trim())}'`);
    const url = this.url('/drive/v3/files', {
      q: clauses.join(' and '),
      pageSize: String(options.pageSize),
      orderBy: 'modifiedTime desc',
      fields: `nextPageToken,files(${FILE_FIELDS})`,
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
      ...(options.pageToken ? { pageToken: options.pageToken } : {}),
    });
    const answer = await this.json(url);
    const body = answer as { files?: GoogleDriveFile[]; nextPageToken?: string };
    return { files: Array.isArray(body.files) ? body.files : [], ...(body.nextPageToken ? { nextPageToken: body.nextPageToken } : {}) };
  }

  /** `files.get`: the file's metadata. */
  async get(fileId: string): Promise<GoogleDriveFile> {
    return (await this.json(this.url(`/drive/v3/files/${encodeURIComponent(fileId)}`, { fields: FILE_FIELDS, supportsAllDrives: 'true' }))) as GoogleDriveFile;
  }

  /** `files.get?alt=media`: the file's bytes, at most `maxBytes`. */
  download(fileId: string, maxBytes: number): Promise<Uint8Array> {
    return this.bytes(this.url(`/drive/v3/files/${encodeURIComponent(fileId)}`, { alt: 'media', supportsAllDrives: 'true' }), maxBytes);
  }

  /** `files.export`: a Google-native document converted to `mimeType`, at most `maxBytes`. */
  export(fileId: string, mimeType: string, maxBytes: number): Promise<Uint8Array> {
    return this.bytes(this.url(`/drive/v3/files/${encodeURIComponent(fileId)}/export`, { mimeType }), maxBytes);
  }

  private url(path: string, query: Record<string, string>): string {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  private async send(url: string, timeoutMs: number): Promise<Response> {
    let response: Response;
    try {
      response = await guardedFetch(url, { headers: { authorization: `Bearer ${this.accessToken}`, accept: 'application/json, */*' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DriveUnavailableError(`Google Drive could not be reached: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401) throw new DriveAuthRejectedError('Google rejected the access token');
    if (response.status === 404) throw new DriveFileMissingError('Google Drive has no such file');
    throw new DriveUnavailableError(`Google Drive answered ${response.status}`);
  }

  private async json(url: string): Promise<unknown> {
    const response = await this.send(url, REQUEST_TIMEOUT_MS);
    try {
      return await response.json();
    } catch (error) {
      throw new DriveUnavailableError(`Google Drive's answer was not JSON: ${(error as Error).message}`);
    }
  }

  /** Reads the body up to the cap and stops there: a file larger than declared is not read whole. */
  private async bytes(url: string, maxBytes: number): Promise<Uint8Array> {
    const response = await this.send(url, DOWNLOAD_TIMEOUT_MS);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new DriveContentTooLargeError(`Google Drive declares ${declared} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body?.getReader();
    if (!reader) return new Uint8Array();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new DriveContentTooLargeError(`Google Drive sent more than ${maxBytes} bytes`);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof DriveContentTooLargeError) throw error;
      throw new DriveUnavailableError(`Google Drive's download broke off: ${(error as Error).message}`);
    }
    return Buffer.concat(chunks);
  }
}

/** A value inside single quotes of Drive's query language: backslash and quote are escaped. */
export function escapeQueryValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}
