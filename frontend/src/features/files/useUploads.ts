import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiFetch } from '../../api/ApiProvider';
import { errorMessage } from '../../api/errors';
import { quotaDetails } from '../../components/QuotaNotice';
import { MESSAGES, PROGRESS_RESET_MS, validateUploadFile } from './file-rules';
import type { DataSourceItem, FileStatus } from './types';
import { UploadAbortedError, uploadFile } from './upload';

export type UploadState = 'rejected' | 'queued' | 'uploading' | 'done' | 'error' | 'cancelled';

export interface UploadEntry {
  key: number;
  name: string;
  size: number;
  state: UploadState;
  /** 0–100 while the bytes travel. */
  progress: number;
  /** Spec 02 §4: the bar resets 1 s after finishing; until then a finished entry still shows it full. */
  showBar: boolean;
  error?: string;
  /** A 402 (storage limit, §1.9): the row names the limit and, for an admin, links to the plans. */
  quota?: unknown;
  dataSourceId?: string;
  /** After upload-complete: the file's ingestion as the server last reported it. */
  fileStatus?: FileStatus;
  /** Contract §9 `metadata.error` of a failed file. */
  failureReason?: string;
  /** The status checks gave up while the file was still pending; the Files list keeps polling. */
  statusUnknown?: boolean;
}

/**
 * Waits between status checks of an uploaded file: quick at first (a small file is ingested in a
 * second or two), then backing off so a long ingest costs a dozen requests, not hundreds.
 */
export const STATUS_POLL_DELAYS_MS = [1000, 2000, 3000, 5000, 8000, 13000, 20000];
/** Checks after the last delay is reached, at that delay: together about five minutes. */
const STATUS_POLL_TAIL = 12;
/** Failed checks in a row before giving up (the server or the network is down). */
const STATUS_POLL_MAX_ERRORS = 3;

/** Parallel transfers per batch: enough to overlap round trips without starving one big file. */
const CONCURRENCY = 3;

interface UseUploadsOptions {
  maxMegabytes: number;
  /** Where new files go; undefined is the root (Home). */
  folderId?: string | null;
  /** After each completed upload, so the list shows the new pending item at once. */
  onUploaded?: () => void;
  /** After a batch with at least one success or failure. */
  onBatchDone?: (summary: { succeeded: number; failed: number }) => void;
}

/**
 * The upload queue of a page. It lives on the page, not in the modal, so closing the modal neither
 * cancels transfers nor loses their progress.
 */
export function useUploads({ maxMegabytes, folderId, onUploaded, onBatchDone }: UseUploadsOptions) {
  const apiFetch = useApiFetch();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const latest = useRef({ onUploaded, onBatchDone, folderId });
  latest.current = { onUploaded, onBatchDone, folderId };
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      for (const timer of timers.current) clearTimeout(timer);
      for (const controller of controllers.current.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((key: number, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const wait = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          resolve();
        }, ms);
        timers.current.add(timer);
      }),
    [],
  );

  /** Follows an uploaded file until ingestion settles, so the dialog does not say "processing" forever. */
  const watchStatus = useCallback(
    async (key: number, dataSourceId: string) => {
      let errors = 0;
      const delays = [...STATUS_POLL_DELAYS_MS, ...Array<number>(STATUS_POLL_TAIL).fill(STATUS_POLL_DELAYS_MS.at(-1) ?? 0)];
      for (const delay of delays) {
        await wait(delay);
        if (!alive.current) return;
        try {
          const item = await apiFetch<DataSourceItem>(`/api/data-sources/${encodeURIComponent(dataSourceId)}`);
          errors = 0;
          if (!alive.current) return;
          if (item.status === 'active' || item.status === 'failed') {
            patch(key, { fileStatus: item.status, ...(item.status === 'failed' ? { failureReason: item.metadata?.error || MESSAGES.processingFailed } : {}) });
            // The list's own poll may be between two reads: refresh it now that the outcome is known.
            latest.current.onUploaded?.();
            return;
          }
        } catch {
          errors += 1;
          if (errors >= STATUS_POLL_MAX_ERRORS) break;
        }
      }
      if (alive.current) patch(key, { statusUnknown: true });
    },
    [apiFetch, patch, wait],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const accepted: Array<{ key: number; file: File }> = [];
      const added: UploadEntry[] = files.map((file) => {
        const key = nextKey.current++;
        const rejection = validateUploadFile(file, maxMegabytes);
        if (!rejection) accepted.push({ key, file });
        return { key, name: file.name, size: file.size, state: rejection ? 'rejected' : 'queued', progress: 0, showBar: false, ...(rejection ? { error: rejection } : {}) };
      });
      setEntries((current) => [...added, ...current]);
      if (accepted.length === 0) return;

      const target = latest.current.folderId;
      let succeeded = 0;
      let failed = 0;
      const runOne = async ({ key, file }: { key: number; file: File }) => {
        const controller = new AbortController();
        controllers.current.set(key, controller);
        patch(key, { state: 'uploading', showBar: true, progress: 0 });
        try {
          const item = await uploadFile(apiFetch, file, { folderId: target, signal: controller.signal, onProgress: (progress) => patch(key, { progress }) });
          succeeded += 1;
          const settled = item?.status === 'active' || item?.status === 'failed';
          patch(key, {
            state: 'done',
            progress: 100,
            ...(item?.id ? { dataSourceId: item.id, fileStatus: item.status } : {}),
            ...(item?.status === 'failed' ? { failureReason: item.metadata?.error || MESSAGES.processingFailed } : {}),
          });
          if (item?.id && !settled) void watchStatus(key, item.id);
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            patch(key, { showBar: false, progress: 0 });
          }, PROGRESS_RESET_MS);
          timers.current.add(timer);
          latest.current.onUploaded?.();
        } catch (error) {
          if (error instanceof UploadAbortedError || controller.signal.aborted) {
            patch(key, { state: 'cancelled', showBar: false });
            return;
          }
          failed += 1;
          patch(key, { state: 'error', showBar: false, error: errorMessage(error, MESSAGES.uploadFailed), ...(quotaDetails(error) ? { quota: error } : {}) });
        } finally {
          controllers.current.delete(key);
        }
      };

      const queue = [...accepted];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
      };
      void Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker)).then(() => {
        if (succeeded + failed > 0) latest.current.onBatchDone?.({ succeeded, failed });
      });
    },
    [apiFetch, maxMegabytes, patch, watchStatus],
  );

  const cancel = useCallback((key: number) => controllers.current.get(key)?.abort(), []);
  const clearFinished = useCallback(() => setEntries((current) => current.filter((entry) => entry.state === 'uploading' || entry.state === 'queued')), []);
  const busy = entries.some((entry) => entry.state === 'uploading' || entry.state === 'queued');

  return { entries, add, cancel, clearFinished, busy };
}

export type UploadQueue = ReturnType<typeof useUploads>;
