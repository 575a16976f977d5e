import { Radio, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

interface SelectableRowProps {
  /** Names the row for its selection control: 'Select {label}'. */
  label: string;
  selected: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId?: string;
  /** Extra data attributes tests and styles read (e.g. data-status). */
  data?: Record<`data-${string}`, string | undefined>;
}

/**
 * A list row that is selected by a click anywhere on it, or by its radio button from the keyboard;
 * clicking the selected row again clears the selection (spec 02 §7). The Actions panel acts on it.
 */
export function SelectableRow({ label, selected, onToggle, children, testId, data }: SelectableRowProps) {
  return (
    <TableRow hover selected={selected} onClick={onToggle} aria-selected={selected} className="selectable" data-testid={testId} {...data}>
      <TableCell padding="checkbox">
        <Radio
          checked={selected}
          onChange={() => undefined}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
          slotProps={{ input: { 'aria-label': `Select ${label}` } }}
        />
      </TableCell>
      {children}
    </TableRow>
  );
}

/** The header cell above the rows' selection radios. */
export function SelectionHeaderCell() {
  return <TableCell padding="checkbox" />;
}
