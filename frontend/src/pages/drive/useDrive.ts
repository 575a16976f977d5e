import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { DriveFile, DriveSyncFailure } from '../../../../shared/api/schemas/drive';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import type { DataSourceItem } from '../../features/files/types';
import { DATA_SOURCES_PATH } from '../../features/files/useFiles';
import { DRIVE_PICKER_PAGE_SIZE } from './drive-rules';

export interface DrivePage {
  files: DriveFile[];
  nextPageToken?: string;
}

export interface DriveSyncAnswer {
  success: boolean;
  dataSources: DataSourceItem[];
  failed: DriveSyncFailure[];
}

/** Contract §12's headers: the Google token of this page's memory, and the target storage. */
const driveHeaders = (accessToken: string) => ({ 'X-Drive-Access-Token': accessToken, 'X-Cloud-Provider': 'aws' });

/** Contract §12.1 and §12.2; a sync reloads every cached file list (the synced table, the Files page). */
export function useDriveApi() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();

  const listPage = useCallback(
    (accessToken: string, query: { pageToken?: string; search?: string }, signal?: AbortSignal) =>
      apiFetch<DrivePage>(withQuery('/api/drive/files', { pageSize: DRIVE_PICKER_PAGE_SIZE, pageToken: query.pageToken, search: query.search?.trim() || undefined }), {
        headers: driveHeaders(accessToken),
        signal,
      }),
    [apiFetch],
  );

  const sync = useCallback(
    async (accessToken: string, fileIds: string[]) => {
      const answer = await apiFetch<DriveSyncAnswer>('/api/drive/sync', { method: 'POST', body: { fileIds, cloudProvider: 'aws' }, headers: driveHeaders(accessToken) });
      await mutate((key: unknown) => typeof key === 'string' && key.startsWith(DATA_SOURCES_PATH));
      return answer;
    },
    [apiFetch, mutate],
  );

  return { listPage, sync };
}
