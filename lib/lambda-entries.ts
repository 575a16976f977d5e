import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAMILIES, type Family } from '../shared/api/route-table';

/** Repository root: entries resolve from here, whatever the working directory of `cdk synth` is. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The handler module of one HTTP family: `functions/api/<family>/handler.ts`, exporting `handler`. */
export function familyEntry(family: Family): string {
  return fileURLToPath(new URL(`../functions/api/${family}/handler.ts`, import.meta.url));
}

export const WORKERS = ['indexing', 'chat-events', 'dead-letters', 'schedules', 'first-sign-in'] as const;
export type Worker = (typeof WORKERS)[number];

/** The handler module of one non-HTTP worker: `functions/workers/<worker>/handler.ts`. */
export function workerEntry(worker: Worker): string {
  return fileURLToPath(new URL(`../functions/workers/${worker}/handler.ts`, import.meta.url));
}

/** Where the built web client lies; deployed only when it exists. */
export const FRONTEND_DIST = fileURLToPath(new URL('../frontend/dist', import.meta.url));

export function existingPath(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

/** Every Lambda handler the stack deploys: one per HTTP family (`http-api.ts`) and one per worker. */
export function lambdaEntries(): { name: string; entry: string }[] {
  return [
    ...FAMILIES.map((family) => ({ name: `api/${family}`, entry: familyEntry(family) })),
    ...WORKERS.map((worker) => ({ name: `workers/${worker}`, entry: workerEntry(worker) })),
  ];
}
