/** Contract §11 texts and the secret mask: the storage-credentials bodies' schemas use them, so they live beside those. */
export { keepsStoredSecret, MASK, maskSecret, STORAGE_CREDENTIALS_MESSAGES } from '../../../shared/api/schemas/storage-credentials';
