import {
  clampDrivePageSize,
  CLOUD_PROVIDER_HEADER,
  CLOUD_PROVIDERS,
  DRIVE_MESSAGES,
  DRIVE_TOKEN_HEADER,
  driveFilesQuerySchema,
  driveSyncRequestSchema,
} from '../../../shared/api/schemas/drive';
import { badRequest } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { fileToItem } from '../../domain/files/data-source-item';
import { driveAuthError, listDriveFiles, syncDriveFiles } from '../../domain/drive/drive-sync';
import { FolderRepository } from '../../domain/folders/folder-repository';
import { implement, requireCaller } from '../../http/api-types';
import { actorOf } from '../../http/folder-actor';

type Headers = Record<string, string | undefined>;

/** The caller's Google token (§12 "No access token provided" when absent); only ever held in memory. */
function accessTokenOf(headers: Headers): string {
  const token = headers[DRIVE_TOKEN_HEADER]?.trim().replace(/^Bearer\s+/i, '');
  if (!token) throw driveAuthError(DRIVE_MESSAGES.noToken);
  return token;
}

/** §12's target storage: `aws` only (locally the embedded S3-compatible store). The body overrides the header. */
function checkCloudProvider(headers: Headers, bodyValue?: string | null): void {
  const value = (bodyValue ?? headers[CLOUD_PROVIDER_HEADER])?.trim();
  if (value === undefined || value === '') return;
  if (!(CLOUD_PROVIDERS as readonly string[]).includes(value.toLowerCase())) throw badRequest(DRIVE_MESSAGES.unsupportedProvider(value));
}

/** §12.1 */
export const listDriveFilesRoute = implement({
  query: driveFilesQuerySchema,
  async handle(request) {
    const caller = requireCaller(request);
    checkCloudProvider(request.headers);
    const token = accessTokenOf(request.headers);
    const { pageToken, pageSize, search } = request.query;
    const page = await listDriveFiles(getPorts(), caller.organization.id, token, { pageSize: clampDrivePageSize(pageSize), pageToken: pageToken || undefined, search });
    return { status: 200, body: page };
  },
});

/** §12.2 */
export const syncDriveFilesRoute = implement({
  body: driveSyncRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    checkCloudProvider(request.headers, request.body.cloudProvider);
    const token = accessTokenOf(request.headers);
    const ports = getPorts();
    const actor = { organization: caller.organization, userId: caller.user.id, userName: caller.user.full_name };
    const { files, failed } = await syncDriveFiles(ports, actor, token, { fileIds: request.body.fileIds, folderId: request.body.folderId });
    const tree = await new FolderRepository(ports.database).tree(caller.organization.id);
    const viewer = actorOf(caller);
    return { status: 202, body: { success: true, dataSources: files.map((file) => fileToItem(file, tree, viewer)), failed } };
  },
});
