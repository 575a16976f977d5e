import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../loopback-server';

/**
 * A Google Drive v3 of our own for tests: `files.list` (q with `trashed`, `mimeType !=` and
 * `name contains`, `orderBy=modifiedTime desc`, paging by an opaque `pageToken`, `fields`),
 * `files.get` (metadata, or the bytes with `alt=media`) and `files.export`, answering in Google's
 * shapes, errors included (`{ error: { code, message, errors: [{ domain, reason, message }], status } }`).
 * Only the tokens it was given are accepted; a revoked one answers 401 as Google does.
 */

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string;
  /** The bytes `alt=media` answers (not for Google-native documents). */
  content?: Uint8Array;
  /** What Drive declares as `size`; the content's length when not given. Absent for Google-native documents. */
  declaredSize?: number;
  /** Google-native documents: the bytes `files.export` answers, by target MIME type. */
  exports?: Record<string, Uint8Array>;
  trashed?: boolean;
  /** Downloading or exporting it revokes the token first (401), as when the user revokes access between a sync and its import. */
  revokesTokenOnDownload?: boolean;
}

export interface DriveRequestLog {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
}

export interface FakeGoogleDrive extends LoopbackServer {
  files: Map<string, FakeDriveFile>;
  requests: DriveRequestLog[];
  /** Makes a token valid. */
  grant(token: string): void;
  /** The token is refused from now on (401), as after the user revokes access. */
  revoke(token: string): void;
  /** Every request answers 503 while on (Google unreachable in effect). */
  setFailing(on: boolean): void;
}

const FOLDER = 'application/vnd.google-apps.folder';
const NATIVE = 'application/vnd.google-apps.';
const DEFAULT_FIELDS = ['id', 'name', 'mimeType', 'kind'];

function googleError(response: ServerResponse, code: number, reason: string, message: string, status: string): void {
  response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify({ error: { code, message, errors: [{ message, domain: 'global', reason }], status } }));
}

/** Drive's metadata of a file, as `files.get`/`files.list` describe it, cut to the fields asked for. */
function describe(file: FakeDriveFile, fields: string[] | undefined): Record<string, unknown> {
  const native = file.mimeType.startsWith(NATIVE);
  const full: Record<string, unknown> = {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    modifiedTime: file.modifiedTime,
    trashed: Boolean(file.trashed),
    webViewLink: native ? `https://docs.google.com/document/d/${file.id}/edit?usp=drivesdk` : `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk`,
    ...(native ? {} : { size: String(file.declaredSize ?? file.content?.length ?? 0) }),
  };
  const wanted = fields ?? DEFAULT_FIELDS;
  return Object.fromEntries(Object.entries(full).filter(([key]) => wanted.includes(key)));
}

/** `fields=nextPageToken,files(id,name)` -> ['id', 'name'] for the files. */
function fileFields(fields: string | undefined, nested: boolean): string[] | undefined {
  if (!fields) return undefined;
  if (nested) {
    const match = /files\(([^)]*)\)/.exec(fields);
    return match ? match[1]!.split(',').map((field) => field.trim()) : undefined;
  }
  return fields.split(',').map((field) => field.trim());
}

/** The q clauses this fake understands; any other clause is Google's 400 "Invalid Value". */
function matcher(q: string | undefined): ((file: FakeDriveFile) => boolean) | undefined {
  if (!q?.trim()) return () => true;
  const tests: Array<(file: FakeDriveFile) => boolean> = [];
  // Clauses joined by ' and ', values in single quotes with \' and \\ escapes.
  const clause = /\s*(trashed\s*=\s*(true|false)|mimeType\s*(!=|=)\s*'((?:[^'\\]|\\.)*)'|name\s+contains\s+'((?:[^'\\]|\\.)*)')\s*(and\b|$)/y;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = clause.exec(q))) {
    consumed = clause.lastIndex;
    const unescape = (value: string) => value.replace(/\\(.)/g, '$1');
    if (match[2]) {
      const trashed = match[2] === 'true';
      tests.push((file) => Boolean(file.trashed) === trashed);
    } else if (match[3]) {
      const mime = unescape(match[4]!);
      const equal = match[3] === '=';
      tests.push((file) => (file.mimeType === mime) === equal);
    } else {
      const needle = unescape(match[5]!).toLowerCase();
      tests.push((file) => file.name.toLowerCase().includes(needle));
    }
    if (clause.lastIndex >= q.length) break;
  }
  if (consumed < q.trimEnd().length) return undefined;
  return (file) => tests.every((test) => test(file));
}

export async function startFakeGoogleDrive(options: { files?: FakeDriveFile[]; tokens?: string[] } = {}): Promise<FakeGoogleDrive> {
  const files = new Map((options.files ?? []).map((file) => [file.id, file]));
  const tokens = new Set(options.tokens ?? []);
  const requests: DriveRequestLog[] = [];
  const state = { failing: false };

  const loopback = await listenOnLoopback((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://drive.invalid');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query, authorization: request.headers.authorization });
    if (state.failing) return googleError(response, 503, 'backendError', 'Backend Error', 'UNAVAILABLE');
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      return googleError(response, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'UNAUTHENTICATED');
    }
    if (request.method !== 'GET') return googleError(response, 405, 'methodNotAllowed', 'Method not allowed', 'INVALID_ARGUMENT');

    if (url.pathname === '/drive/v3/files') {
      const matches = matcher(query.q);
      if (!matches) return googleError(response, 400, 'invalid', 'Invalid Value', 'INVALID_ARGUMENT');
      let listed = [...files.values()].filter(matches);
      if (query.orderBy === 'modifiedTime desc') listed = listed.sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
      const pageSize = Math.min(1000, Math.max(1, Number(query.pageSize ?? 100) || 100));
      let offset = 0;
      if (query.pageToken) {
        const decoded = Number(Buffer.from(query.pageToken, 'base64url').toString('utf8').replace(/^offset:/, ''));
        if (!Number.isInteger(decoded) || decoded < 0) return googleError(response, 400, 'invalid', 'Invalid Value', 'INVALID_ARGUMENT');
        offset = decoded;
      }
      const page = listed.slice(offset, offset + pageSize);
      const next = offset + pageSize < listed.length ? Buffer.from(`offset:${offset + pageSize}`).toString('base64url') : undefined;
      const fields = fileFields(query.fields, true);
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify({ kind: 'drive#fileList', incompleteSearch: false, ...(next ? { nextPageToken: next } : {}), files: page.map((file) => describe(file, fields)) }));
      return;
    }

    const exportMatch = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(url.pathname);
    const getMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    const fileId = decodeURIComponent((exportMatch ?? getMatch)?.[1] ?? '');
    const file = files.get(fileId);
    if (!exportMatch && !getMatch) return googleError(response, 404, 'notFound', 'Not Found', 'NOT_FOUND');
    if (!file) return googleError(response, 404, 'notFound', `File not found: ${fileId}.`, 'NOT_FOUND');

    if ((exportMatch || query.alt === 'media') && file.revokesTokenOnDownload) {
      tokens.delete(token);
      return googleError(response, 401, 'authError', 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }
    if (exportMatch) {
      if (!file.mimeType.startsWith(NATIVE)) return googleError(response, 403, 'fileNotExportable', 'Export only supports Docs Editors files.', 'PERMISSION_DENIED');
      const bytes = query.mimeType ? file.exports?.[query.mimeType] : undefined;
      if (!bytes) return googleError(response, 400, 'badRequest', 'The requested conversion is not supported.', 'INVALID_ARGUMENT');
      response.writeHead(200, { 'content-type': query.mimeType!, 'content-length': bytes.length });
      response.end(bytes);
      return;
    }
    if (query.alt === 'media') {
      if (file.mimeType.startsWith(NATIVE) || file.mimeType === FOLDER) {
        return googleError(response, 403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.', 'PERMISSION_DENIED');
      }
      const bytes = file.content ?? new Uint8Array();
      response.writeHead(200, { 'content-type': file.mimeType, 'content-length': bytes.length });
      response.end(bytes);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(describe(file, fileFields(query.fields, false))));
  });

  return Object.assign(loopback, {
    files,
    requests,
    grant: (token: string) => void tokens.add(token),
    revoke: (token: string) => void tokens.delete(token),
    setFailing: (on: boolean) => void (state.failing = on),
  });
}
