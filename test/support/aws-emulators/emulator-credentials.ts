/**
 * The one key pair and region every emulator of the cloud-mode suite is spoken to with. The
 * handlers read them from the environment (AWS_ACCESS_KEY_ID, …) as a Lambda reads its role's
 * session; the object store accepts only signatures made with this pair.
 */
export const EMULATOR_CREDENTIALS = { accessKeyId: 'AKIAREHEARSAL0000000', secretAccessKey: 'rehearsal-secret-key-of-the-emulators' } as const;
export const EMULATOR_REGION = 'us-east-1';
