import { createFamilyHandler } from '../../http/family-handler';
import { listDriveFilesRoute, syncDriveFilesRoute } from './drive-routes';

/** Google Drive (contract §12): admin only, from the route table; the import itself is the `drive.import` worker's. */
export const handler = createFamilyHandler('drive', {
  'drive.files': listDriveFilesRoute,
  'drive.sync': syncDriveFilesRoute,
});
