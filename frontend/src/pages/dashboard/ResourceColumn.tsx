import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
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
  /** The items drawn: all of them on a small page, else what Find and the cap leave (D-DASH-2). */
  items: ColumnItem[];
  /** Every item of the column. */
  total: number;
  /** The items Find left, before the cap. */
  matching: number;
  /** A Find text narrows the page. */
  narrowed: boolean;
  /** Set when the column is longer than the cap: cut to it, or shown whole after Show all. */
  capped?: 'capped' | 'expanded';
  /** Hidden items before a shown one (a selected chain past the cut), marked so the jump is seen. */
  skippedBefore: Map<string, number>;
  onToggle: () => void;
  inChain: (id: string) => boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  register: (column: Column, id: string, element: HTMLElement | null) => void;
  footer?: ReactNode;
}

export function ResourceColumn({ column, title, items, total, matching, narrowed, capped, skippedBefore, onToggle, inChain, selectedId, onSelect, register, footer }: ResourceColumnProps) {
  return (
    <Box data-testid={`dashboard-column-${column}`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title} ({narrowed ? `${matching} of ${total}` : total})
      </Typography>
      {items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {total === 0 ? `No ${title} available` : `No ${title} match`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {items.map((item) => {
          const badge = STATUS_BADGE[item.status];
          const selected = selectedId === item.id;
          const skipped = skippedBefore.get(item.id);
          return (
            <Fragment key={item.id}>
              {skipped !== undefined && (
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }} data-testid="dashboard-skipped">
                  ⋯ {skipped} not shown ⋯
                </Typography>
              )}
              <Paper
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
            </Fragment>
          );
        })}
      </Box>
      {capped && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            Showing {items.length} of {matching}
          </Typography>
          <Button size="small" onClick={onToggle}>
            {capped === 'capped' ? `Show all ${matching}` : 'Show fewer'}
          </Button>
        </Box>
      )}
      {footer}
    </Box>
  );
}
