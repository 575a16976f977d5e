import { Alert, AlertTitle, type AlertProps } from '@mui/material';
import { errorMessage } from '../api/errors';
import { QuotaNotice } from './QuotaNotice';

interface ErrorAlertProps {
  /** The catalogue text of the failed action (spec 03 §8), e.g. 'Failed to create group'. */
  title: string;
  /** The failure; its message (the server's, contract §1.4) is shown under the title when it adds something. */
  error?: unknown;
  onClose?: () => void;
  sx?: AlertProps['sx'];
}

/** A dismissible red alert (spec 03 §8): the catalogue text, with the server's reason beneath it. */
export function ErrorAlert({ title, error, onClose, sx }: ErrorAlertProps) {
  const detail = error === undefined ? '' : errorMessage(error, '');
  return (
    <Alert severity="error" onClose={onClose} sx={sx} data-testid="error-alert">
      {detail && detail !== title ? (
        <>
          <AlertTitle>{title}</AlertTitle>
          <span style={{ whiteSpace: 'pre-line' }}>{detail}</span>
          <QuotaNotice error={error} />
        </>
      ) : (
        <>
          {title}
          <QuotaNotice error={error} />
        </>
      )}
    </Alert>
  );
}
