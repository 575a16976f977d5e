import { createFamilyHandler } from '../../http/family-handler';
import { getCredentials, putCredentials, testCredentials } from './credential-routes';

/** Storage credentials (contract §11): per user, the secret encrypted at rest and masked in answers. */
export const handler = createFamilyHandler('storage-credentials', {
  'storage-credentials.get': getCredentials,
  'storage-credentials.put': putCredentials,
  'storage-credentials.test': testCredentials,
});
