import { Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A row action with its tooltip. A disabled button swallows pointer events, so the tooltip hangs on a
 * wrapper; `describeChild` keeps the button's own aria-label as its accessible name.
 */
export function TooltipAction({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Tooltip title={title} describeChild>
      <span>{children}</span>
    </Tooltip>
  );
}
