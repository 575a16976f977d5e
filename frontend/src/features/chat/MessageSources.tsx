import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useState } from 'react';
import { hasAdminShell } from '../../../../shared/auth/roles';
import { useSession } from '../../auth/SessionProvider';
import { snippetAsPlainText } from './snippet-text';
import { SourcePassageDialog } from './SourcePassageDialog';
import type { Citation } from './types';
import { sourceTarget, useOpenSource } from './useOpenSource';

const ICONS = { file: DescriptionOutlinedIcon, web: LanguageIcon, api: HubOutlinedIcon } as const;

/** The passages an answer cites (contract §2 Citation): name, knowledge base and snippet; a file opens its passage dialog. */
export function MessageSources({ sources, knowledgeBaseName }: { sources: Citation[]; knowledgeBaseName: (id: string) => string }) {
  const { openFile, problem, clearProblem } = useOpenSource();
  const { user } = useSession();
  const [opened, setOpened] = useState<Citation | undefined>();
  if (sources.length === 0) return null;
  const close = () => {
    clearProblem();
    setOpened(undefined);
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        Sources
      </Typography>
      <List dense disablePadding aria-label="Sources">
        {sources.map((citation, index) => {
          const target = sourceTarget(citation);
          const Icon = ICONS[citation.sourceType] ?? DescriptionOutlinedIcon;
          return (
            <ListItem key={`${citation.documentId}-${index}`} disableGutters sx={{ display: 'block', py: 0.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                <Icon fontSize="inherit" color="action" />
                {target.kind === 'web' ? (
                  <Link href={target.href} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {citation.name}
                  </Link>
                ) : target.kind === 'file' ? (
                  <Link component="button" type="button" variant="body2" sx={{ fontWeight: 600, textAlign: 'left', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flexShrink: 0, maxWidth: '75%' }} aria-label={`Open ${citation.name}`} onClick={() => setOpened(citation)}>
                    {citation.name}
                  </Link>
                ) : (
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {citation.name}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" noWrap>
                  · {knowledgeBaseName(citation.knowledgeBaseId)}
                </Typography>
              </Box>
              {citation.snippet && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ pl: 2.5, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {snippetAsPlainText(citation.snippet)}
                </Typography>
              )}
            </ListItem>
          );
        })}
      </List>
      {opened && (
        <SourcePassageDialog
          citation={opened}
          knowledgeBaseName={knowledgeBaseName(opened.knowledgeBaseId)}
          canDownload={user !== undefined && hasAdminShell(user.role)}
          downloadProblem={problem?.documentId === opened.documentId ? problem.message : undefined}
          onDownload={() => void openFile(opened)}
          onClose={close}
        />
      )}
    </Box>
  );
}
