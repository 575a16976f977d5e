import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { Logo } from '../layout/Logo';

/** The centred card the signed-out pages share. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 6,
        bgcolor: 'background.default',
      }}
    >
      <Logo />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 460, textAlign: 'center' }}>
        {children}
      </Paper>
    </Box>
  );
}
