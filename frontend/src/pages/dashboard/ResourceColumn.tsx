import { Box, Chip, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Column } from './resource-chain';

export interface ColumnItem {
  id: string;
  name: string;
  detail?: string;
  status: string;
  accent: string;
}

/** Statuses worth a badge: what is still working, broken or switched off. */
const STATUS_BADGE: Record<string, { label: string; color: 'warning' | 'error' | 'default' }> = {
  processing: { label: 'Processing', color: 'warning' },
  pending: { label: 'Pending', color: 'warning' },
  crawling: { label: 'Crawling', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  disabled: { label: 'Disabled', color: 'default' },
  not_ready: { label: 'Not ready', color: 'warning' },
  draft: { label: 'Draft', color: 'default' },
};

interface ResourceColumnProps {
  column: Column;
  title: string;
  items: ColumnItem[];
  inChain: (id: string) => boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  register: (column: Column, id: string, element: HTMLElement | null) => void;
  footer?: ReactNode;
}

export function ResourceColumn({ column, title, items, inChain, selectedId, onSelect, register, footer }: ResourceColumnProps) {
  return (
    <Box data-testid={`dashboard-column-${column}`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title} ({items.length})
      </Typography>
      {items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No {title} available
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {items.map((item) => {
          const badge = STATUS_BADGE[item.status];
          const selected = selectedId === item.id;
          return (
            <Paper
              key={item.id}
              ref={(element: HTMLDivElement | null) => register(column, item.id, element)}
              variant="outlined"
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              data-testid="dashboard-item"
              data-dimmed={!inChain(item.id)}
              onClick={() => onSelect(item.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(item.id);
                }
              }}
              sx={{
                px: 1.5,
                py: 1,
                cursor: 'pointer',
                borderLeft: 4,
                borderLeftColor: item.accent,
                borderColor: selected ? 'primary.main' : undefined,
                opacity: inChain(item.id) ? 1 : 0.3,
                transition: 'opacity 120ms',
                position: 'relative',
                zIndex: 1,
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                <Typography noWrap title={item.name} sx={{ minWidth: 0 }}>
                  {item.name}
                </Typography>
                {badge && <Chip size="small" label={badge.label} color={badge.color} variant="outlined" />}
              </Box>
              {item.detail && (
                <Typography variant="caption" color="text.secondary" noWrap component="div" title={item.detail}>
                  {item.detail}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Box>
      {footer}
    </Box>
  );
}
