import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { snippetAsPlainText } from './snippet-text';
import type { Citation } from './types';

export interface SourcePassageDialogProps {
  citation: Citation;
  knowledgeBaseName: string;
  /** Contract §9.8: only admins (and the file's owner) may download; others read the cited passage. */
  canDownload: boolean;
  downloadProblem: string | undefined;
  onDownload: () => void;
  onClose: () => void;
}

/**
 * What "open the cited file" shows: the passage the answer was built from, where it came from, and,
 * for those the contract lets download the file, the file itself. Every chatter can check an
 * answer against its source this way, also a rag_user who may not download organization files.
 */
export function SourcePassageDialog({ citation, knowledgeBaseName, canDownload, downloadProblem, onDownload, onClose }: SourcePassageDialogProps) {
  const titleId = `source-${citation.documentId}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{citation.name}</DialogTitle>
      <DialogContent>
        <Typography variant="caption" color="text.secondary" component="p">
          Knowledge base: {knowledgeBaseName} · relevance {citation.score.toFixed(2)}
        </Typography>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Cited passage
        </Typography>
        {/* Whole and scrollable: a long unbroken token (a URL, a path, code) used to run past the
            dialog's edge and be clipped, and a tall passage pushed the actions off screen. */}
        <Typography
          variant="body2"
          component="blockquote"
          tabIndex={0}
          aria-label="Cited passage text"
          data-testid="cited-passage"
          sx={{ m: 0, mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '50vh', overflowY: 'auto' }}
        >
          {citation.snippet ? snippetAsPlainText(citation.snippet) : 'No passage text was kept for this source.'}
        </Typography>
        {!canDownload && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Only administrators can download organization files. Ask one if you need the whole document.
          </Typography>
        )}
        {downloadProblem && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {downloadProblem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {canDownload && <Button onClick={onDownload}>Download file</Button>}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
