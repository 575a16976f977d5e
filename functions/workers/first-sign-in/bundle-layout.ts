/**
 * Where the first sign-in function finds Groundwork's documentation for the demo content: the stack
 * copies README.md and docs/*.md there beside the bundle (lib/first-sign-in/first-sign-in.ts).
 */
export const DEMO_DOCUMENTS_DIR = 'demo-documents';
