import { useCallback, useState } from 'react';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import { browserNavigation } from '../files/useFiles';
import type { Citation } from './types';

/** Where a citation leads: a web page's own address, a file through the download call, an API source nowhere. */
export type SourceTarget = { kind: 'web'; href: string } | { kind: 'file' } | { kind: 'none' };

export function sourceTarget(citation: Citation): SourceTarget {
  if (citation.sourceType === 'web' && citation.url && /^https?:\/\//i.test(citation.url)) return { kind: 'web', href: citation.url };
  if (citation.sourceType === 'file') return { kind: 'file' };
  return { kind: 'none' };
}

/**
 * Opens a cited file (contract §9.8). The server gives files no link of their own (`url` is null), and
 * a plain browser navigation to the download route would carry no bearer token; so, as the file
 * manager does, `redirect=false` returns the presigned address and the browser goes there. It is
 * served as an attachment, so the chat stays where it is while the file downloads. Only admins and the
 * file's owner may download (§9.8): the passage dialog offers it to admins and shows the server's
 * reason if it refuses.
 */
export function useOpenSource() {
  const apiFetch = useApiFetch();
  const [problem, setProblem] = useState<{ documentId: string; message: string } | undefined>();

  const openFile = useCallback(
    async (citation: Citation) => {
      setProblem(undefined);
      try {
        const answer = await apiFetch<{ url?: string }>(withQuery(`/api/files/download/${encodeURIComponent(citation.documentId)}`, { redirect: false }));
        if (!answer?.url) throw new Error('File is not available for download');
        browserNavigation.assign(answer.url);
      } catch (error) {
        setProblem({ documentId: citation.documentId, message: `Could not open ${citation.name}: ${error instanceof Error && error.message ? error.message : 'Request failed'}` });
      }
    },
    [apiFetch],
  );

  return { openFile, problem, clearProblem: () => setProblem(undefined) };
}
