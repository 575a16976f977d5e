import type { DatabasePort } from '../../contracts/ports/database';
import type { FileRecord, IngestClaim } from '../files/file-record';
import { mutateFile, revise } from '../files/file-writes';

/** §23.1: three receives, then the dead letters. The item counts its own attempts because the processor never sees the receive count. */
export const MAX_INGEST_ATTEMPTS = 3;
/** Longer than any one invocation (Lambda stops at 15 minutes), so a live claim is a live worker. */
export const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** What a file that could not be processed at all says (the reason was not the file's content). */
export const UNPROCESSED_MESSAGE = 'File could not be processed';

export type ClaimOutcome =
  | { kind: 'claimed'; file: FileRecord; attempt: number }
  /** This version's text is already there. */
  | { kind: 'done' }
  /** Another delivery is working on this version right now; its own message is retried if it fails. */
  | { kind: 'held'; by: string }
  | { kind: 'gone' };

/**
 * Takes the item's ingest for one object version, or says why not. A redelivered message carries
 * its original message id, so it takes back its own claim even before the lease runs out (the
 * worker that held it crashed); a different message for the same version does nothing while the
 * lease runs. Each claim counts an attempt, and the last allowed attempt marks the item failed
 * before any work starts: if that attempt dies without a word (killed, out of memory), the item
 * still does not stay pending forever. A success then overwrites it with `active`.
 */
export async function claimIngest(database: DatabasePort, organizationId: string, fileId: string, etag: string, messageId: string, now = new Date()): Promise<ClaimOutcome> {
  let outcome: ClaimOutcome = { kind: 'gone' };
  await mutateFile(
    database,
    organizationId,
    fileId,
    (current) => {
      const { ingested_etag: ingested, ingest_claim: claim } = current.metadata;
      if (ingested === etag) {
        outcome = { kind: 'done' };
        return current;
      }
      const live = claim !== undefined && claim.etag === etag && Date.parse(claim.expires_at) > now.getTime();
      if (live && claim.message_id !== messageId) {
        outcome = { kind: 'held', by: claim.message_id };
        return current;
      }
      const attempt = (claim?.etag === etag ? claim.attempts : 0) + 1;
      const next: IngestClaim = { etag, message_id: messageId, expires_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(), attempts: attempt };
      const last = attempt >= MAX_INGEST_ATTEMPTS;
      const claimed = revise(current, {
        ...(last ? { status: 'failed' as const } : {}),
        metadata: { ingest_claim: next, ingest_attempts: attempt, ...(last ? { error: UNPROCESSED_MESSAGE } : {}) },
      });
      outcome = { kind: 'claimed', file: claimed, attempt };
      return claimed;
    },
    { storageLimitBytes: null },
  );
  return outcome;
}

/** Whether the item's claim is still this delivery's. */
export function holdsClaim(file: FileRecord, etag: string, messageId: string): boolean {
  const claim = file.metadata.ingest_claim;
  return claim !== undefined && claim.etag === etag && claim.message_id === messageId;
}

export type IngestResult = { status: 'active'; extractionKey: string } | { status: 'failed'; error: string };

/**
 * Records the outcome, only if the claim is still ours: a newer version or a takeover after an
 * expired lease decides instead. Resolves false when the outcome was not recorded.
 */
export async function settleIngest(database: DatabasePort, organizationId: string, fileId: string, etag: string, messageId: string, result: IngestResult): Promise<boolean> {
  let recorded = false;
  await mutateFile(
    database,
    organizationId,
    fileId,
    (current) => {
      if (!holdsClaim(current, etag, messageId)) return current;
      recorded = true;
      const settled = revise(current, {
        status: result.status,
        metadata: {
          ingested_etag: etag,
          ...(result.status === 'active' ? { extraction_key: result.extractionKey, extracted_at: new Date().toISOString(), error: undefined } : { error: result.error }),
        },
      });
      delete settled.metadata.ingest_claim;
      if (result.status === 'active') delete settled.metadata.error;
      return settled;
    },
    { storageLimitBytes: null },
  );
  return recorded;
}

/** Gives the claim up without an outcome (the object changed under us): the newer version's delivery takes over. */
export async function releaseClaim(database: DatabasePort, organizationId: string, fileId: string, etag: string, messageId: string): Promise<void> {
  await mutateFile(
    database,
    organizationId,
    fileId,
    (current) => {
      if (!holdsClaim(current, etag, messageId)) return current;
      const released = revise(current, {});
      delete released.metadata.ingest_claim;
      return released;
    },
    { storageLimitBytes: null },
  );
}
