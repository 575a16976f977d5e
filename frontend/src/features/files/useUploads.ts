import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiFetch } from '../../api/ApiProvider';
import { errorMessage } from '../../api/errors';
import { MESSAGES, PROGRESS_RESET_MS, validateUploadFile } from './file-rules';
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
  dataSourceId?: string;
}

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

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
      for (const controller of controllers.current.values()) controller.abort();
    },
    [],
  );

  const patch = useCallback((key: number, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

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
          patch(key, { state: 'done', progress: 100, ...(item?.id ? { dataSourceId: item.id } : {}) });
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
          patch(key, { state: 'error', showBar: false, error: errorMessage(error, MESSAGES.uploadFailed) });
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
    [apiFetch, maxMegabytes, patch],
  );

  const cancel = useCallback((key: number) => controllers.current.get(key)?.abort(), []);
  const clearFinished = useCallback(() => setEntries((current) => current.filter((entry) => entry.state === 'uploading' || entry.state === 'queued')), []);
  const busy = entries.some((entry) => entry.state === 'uploading' || entry.state === 'queued');

  return { entries, add, cancel, clearFinished, busy };
}

export type UploadQueue = ReturnType<typeof useUploads>;
