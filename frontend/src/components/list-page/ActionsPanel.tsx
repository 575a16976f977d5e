import { Box, Button, Paper, Stack, Tooltip, Typography, type ButtonProps } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';

export const NO_SELECTION_HINT = 'Select a row first';

export interface ListAction {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  /** Disabled for the selected row (the panel disables every action while nothing is selected). */
  disabled?: boolean;
  /** The tooltip: why it is disabled, or what it does. */
  hint?: string;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
}

/** A panel button's tooltip; the wrapper is a block so the buttons span the panel's width. */
function PanelAction({ title, children }: { title: string; children: ReactNode }) {
  // Some actions open a window or dialog, and focus comes back to the button when it closes: with
  // the focus listener the tooltip then reopened and stayed over the page (issue 21). A click closes
  // it; the buttons are worded, so the tooltip adds nothing keyboard users need.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={title} describeChild placement="left" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} disableFocusListener>
      <Box component="span" sx={{ display: 'block' }} onClickCapture={() => setOpen(false)}>
        {children}
      </Box>
    </Tooltip>
  );
}

interface ActionsPanelProps {
  /** The panel's heading: 'Actions' (spec 02) or 'Admin Actions' (spec 03 applications). */
  title?: string;
  /** The selected row's name; undefined while nothing is selected. */
  selection: string | undefined;
  /** What a row is, e.g. 'group': 'No group selected' under the heading, 'Select a group first' on the buttons. */
  noun?: string;
  actions: ListAction[];
  testId?: string;
}

/** Spec 02 / 03: the side panel of a list; its buttons act on the selected row and stay disabled until one is selected. */
export function ActionsPanel({ title = 'Actions', selection, noun, actions, testId = 'list-actions' }: ActionsPanelProps) {
  const headingId = useId();
  const noSelectionText = noun ? `No ${noun} selected` : 'Nothing selected';
  const noSelectionHint = noun ? `Select ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} first` : NO_SELECTION_HINT;
  const none = selection === undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid={testId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid={`${testId}-selection`}>
        {selection ?? noSelectionText}
      </Typography>
      <Stack spacing={1}>
        {actions.map((action, index) => (
          <PanelAction key={action.label} title={none ? noSelectionHint : (action.hint ?? action.label)}>
            <Button
              fullWidth
              variant={action.variant ?? (index === 0 ? 'contained' : 'outlined')}
              color={action.color}
              startIcon={action.icon}
              disabled={none || action.disabled}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          </PanelAction>
        ))}
      </Stack>
    </Paper>
  );
}
