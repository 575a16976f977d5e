import { Box, Typography } from '@mui/material';

export function Footer() {
  return (
    <Box component="footer" data-testid="app-footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Groundwork
      </Typography>
    </Box>
  );
}
