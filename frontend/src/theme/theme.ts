import { createTheme } from '@mui/material/styles';
import type { CSSProperties } from 'react';

declare module '@mui/material/styles' {
  interface TypographyVariants {
    /** The bold name at the head of a list row (knowledge base, group, user, file...). */
    rowTitle: CSSProperties;
  }
  interface TypographyVariantsOptions {
    rowTitle?: CSSProperties;
  }
}
declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    rowTitle: true;
  }
}

/** Spec 01 §9: the mobile breakpoint. MUI's `md` is moved onto it so `down('md')` means "mobile". */
export const MOBILE_BREAKPOINT_PX = 768;
/** Spec 01 §9: page fade on path change. */
export const PAGE_FADE_MS = 200;

export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 68;
export const TOP_BAR_HEIGHT = 64;

export const theme = createTheme({
  breakpoints: {
    values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 },
  },
  palette: {
    mode: 'light',
    primary: { main: '#1d4ed8', light: '#3b82f6', dark: '#1e3a8a', contrastText: '#ffffff' },
    secondary: { main: '#0f766e' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
    text: { primary: '#111827', secondary: '#4b5563' },
    divider: '#e5e7eb',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: [
      'Inter',
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    h4: { fontWeight: 600, fontSize: '1.75rem', letterSpacing: '-0.01em' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    rowTitle: { fontSize: '0.875rem', lineHeight: 1.43, fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: { root: ({ theme }) => ({ borderBottom: `1px solid ${theme.palette.divider}` }) },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.shape.borderRadius,
          '&.Mui-selected': {
            backgroundColor: theme.palette.primary.main + '14',
            color: theme.palette.primary.dark,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
          },
        }),
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiTypography: { defaultProps: { variantMapping: { rowTitle: 'p' } } },
    // The list pattern (specs 02, 03): a row that a click selects or opens shows it by its pointer.
    MuiTableRow: { styleOverrides: { root: { '&.selectable': { cursor: 'pointer' } } } },
  },
});
