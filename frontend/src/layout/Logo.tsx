import { Box, Typography } from '@mui/material';

/** The Groundwork mark and word mark. `small` is the compact variant spec 01 §2.2 asks for under 768 px. */
export function Logo({ small = false }: { small?: boolean }) {
  const mark = small ? 26 : 32;
  return (
    <Box data-testid="app-logo" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'text.primary' }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden="true" sx={{ width: mark, height: mark, flexShrink: 0 }}>
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M7 22h18M9 17h14M11 12h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 700, letterSpacing: '-0.02em', fontSize: small ? '1.05rem' : '1.25rem', lineHeight: 1 }}
      >
        Groundwork
      </Typography>
    </Box>
  );
}
