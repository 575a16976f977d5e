import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Paper, Typography } from '@mui/material';
import type { AppRoute } from '../../../shared/navigation/app-routes';

/**
 * Every route of the table without its real page yet renders this, titled from the route table. The
 * real pages replace it route by route (see routing/pages.tsx), so no placeholder files pile up.
 */
export function PlaceholderPage({ route, standalone = false }: { route: AppRoute; standalone?: boolean }) {
  return (
    <Box sx={standalone ? { minHeight: '100vh', p: { xs: 2, md: 4 }, bgcolor: 'background.default' } : undefined}>
      <Typography variant="h4" component="h1" data-testid="page-title" sx={{ mb: 3 }}>
        {route.title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, display: 'flex', alignItems: 'center', gap: 2.5, borderStyle: 'dashed', bgcolor: 'background.paper' }}
      >
        <ConstructionIcon color="action" sx={{ fontSize: 36 }} />
        <Typography color="text.secondary" data-testid="page-placeholder">
          This page arrives in a later release.
        </Typography>
      </Paper>
    </Box>
  );
}
