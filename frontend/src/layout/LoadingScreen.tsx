import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

/** Spec 01 §9: the spinner waits 100 ms so quick transitions do not flash it; the text shows at once. */
const SPINNER_DELAY_MS = 100;

export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  const [showSpinner, setShowSpinner] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowSpinner(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="loading"
      sx={{
        minHeight: fullHeight ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} sx={{ visibility: showSpinner ? 'visible' : 'hidden' }} />
      <Typography color="text.secondary">Loading...</Typography>
    </Box>
  );
}
