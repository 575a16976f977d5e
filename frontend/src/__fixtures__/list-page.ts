import { fireEvent, screen, within } from '@testing-library/react';

/** Selects a list row by its name (its radio, 'Select {name}'), waiting for it to be listed. */
export async function selectRow(name: string): Promise<void> {
  // By label, not by role: a role query over a whole page is slow enough in jsdom to time out on a busy machine.
  fireEvent.click(await screen.findByLabelText(`Select ${name}`));
}

/** A button of the list's Actions panel. */
export function actionButton(label: string, panelTestId = 'list-actions'): HTMLButtonElement {
  return within(screen.getByTestId(panelTestId)).getByRole('button', { name: label }) as HTMLButtonElement;
}

/** Selects a row, then returns the Actions panel's button for it. */
export async function rowAction(name: string, label: string, panelTestId = 'list-actions'): Promise<HTMLButtonElement> {
  await selectRow(name);
  return actionButton(label, panelTestId);
}
