import { createFamilyHandler } from '../../http/family-handler';
import { deleteDataSource, downloadFile, getDataSource, listDataSourcesRoute, moveDataSource, renameDataSource } from './file-routes';
import { uploadComplete, uploadUrl } from './upload-routes';

/** Data sources: files and uploads (contract §9). Folders have their own family (§10). */
export const handler = createFamilyHandler('data-sources', {
  'data-sources.list': listDataSourcesRoute,
  'data-sources.get': getDataSource,
  'data-sources.rename': renameDataSource,
  'data-sources.delete': deleteDataSource,
  'data-sources.uploadUrl': uploadUrl,
  'data-sources.uploadComplete': uploadComplete,
  'data-sources.move': moveDataSource,
  'data-sources.download': downloadFile,
});
