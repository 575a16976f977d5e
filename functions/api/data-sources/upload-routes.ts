import { fileToItem } from '../../domain/files/data-source-item';
import { completeUpload, createPendingUpload, type Actor } from '../../domain/files/file-lifecycle';
import { FolderRepository } from '../../domain/folders/folder-repository';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { actorOf } from '../../http/folder-actor';
import { uploadCompleteRequestSchema, uploadUrlRequestSchema } from '../../../shared/api/schemas/data-sources';

function uploader(caller: Caller): Actor {
  return { organization: caller.organization, userId: caller.user.id, userName: caller.user.full_name };
}

/** §9.5: step 1 of the browser's upload. */
export const uploadUrl = implement({
  body: uploadUrlRequestSchema,
  async handle(request) {
    const { filename, folderId, size, mimeType } = request.body;
    const { ticket } = await createPendingUpload(getPorts(), uploader(requireCaller(request)), { filename, folderId, size: size ?? undefined, mimeType: mimeType ?? undefined });
    return { status: 201, body: ticket };
  },
});

/** §9.6: step 3, after the browser PUT the bytes. */
export const uploadComplete = implement({
  body: uploadCompleteRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { dataSourceId, objectName, folderId } = request.body;
    const file = await completeUpload(ports, uploader(caller), { dataSourceId, objectName, folderId });
    const tree = await new FolderRepository(ports.database).tree(caller.organization.id);
    return { status: 200, body: fileToItem(file, tree, actorOf(caller)) };
  },
});
