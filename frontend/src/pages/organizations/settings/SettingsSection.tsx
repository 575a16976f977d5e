import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card for one settings form; the manage modal and the settings page share it. */
export function SettingsSection({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}
