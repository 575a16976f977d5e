import { createFamilyHandler } from '../../http/family-handler';
import { createFolderRoute, deleteFolderRoute, folderHierarchy, getFolder, listFolders, moveFolderRoute, renameFolderRoute } from './folder-routes';

/** Folders (contract §10): one tree per organization under "Home"; paths derived when read, counts kept as counters. */
export const handler = createFamilyHandler('folders', {
  'folders.list': listFolders,
  'folders.hierarchy': folderHierarchy,
  'folders.get': getFolder,
  'folders.create': createFolderRoute,
  'folders.rename': renameFolderRoute,
  'folders.delete': deleteFolderRoute,
  'folders.move': moveFolderRoute,
});
