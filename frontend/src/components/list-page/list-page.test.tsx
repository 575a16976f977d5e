// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Table, TableBody, TableCell } from '@mui/material';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionsPanel, NO_SELECTION_HINT } from './ActionsPanel';
import { DeleteConfirmation, useDeleteConfirmation } from './DeleteConfirmation';
import { ListPager } from './ListPager';
import { entriesText, pageWindow } from './page-window';
import { SelectableRow } from './SelectableRow';
import { useRowSelection } from './useListPage';

afterEach(cleanup);

describe('pageWindow (spec 03 §9: a 5-page window)', () => {
  it('shows every page, without ellipses, when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual({ pages: [1], leadingEllipsis: false, trailingEllipsis: false });
    expect(pageWindow(3, 5)).toEqual({ pages: [1, 2, 3, 4, 5], leadingEllipsis: false, trailingEllipsis: false });
  });
  it('keeps the window inside the pages at either end', () => {
    expect(pageWindow(1, 12)).toEqual({ pages: [1, 2, 3, 4, 5], leadingEllipsis: false, trailingEllipsis: true });
    expect(pageWindow(2, 12).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12)).toEqual({ pages: [8, 9, 10, 11, 12], leadingEllipsis: true, trailingEllipsis: false });
  });
  it('centres the current page with ellipses on both sides in the middle', () => {
    expect(pageWindow(6, 12)).toEqual({ pages: [4, 5, 6, 7, 8], leadingEllipsis: true, trailingEllipsis: true });
  });
});

describe("the footer 'Showing X to Y of Z entries'", () => {
  it('counts the rows of the page shown', () => {
    expect(entriesText({ page: 1, limit: 10, total: 23 })).toBe('Showing 1 to 10 of 23 entries');
    expect(entriesText({ page: 3, limit: 10, total: 23 })).toBe('Showing 21 to 23 of 23 entries');
    expect(entriesText({ page: 1, limit: 10, total: 0 })).toBe('Showing 0 to 0 of 0 entries');
  });
});

function Pager({ totalPages, start = 1 }: { totalPages: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <ListPager pagination={{ page, limit: 10, total: totalPages * 10 - 3, totalPages }} page={page} onPageChange={setPage} />;
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'pagination navigation' }))
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => /^\d+$/.test(text ?? ''));

describe('ListPager', () => {
  it('shows the footer, a 5-page window with ellipses, and first/last and Previous/Next buttons', () => {
    render(<Pager totalPages={12} />);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 1 to 10 of 117 entries');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getAllByTestId('pager-ellipsis')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Go to first page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'page 1' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 51 to 60 of 117 entries');
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getAllByTestId('pager-ellipsis')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 111 to 117 of 117 entries');
    expect(pageButtons()).toEqual(['8', '9', '10', '11', '12']);
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go to last page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(screen.getByRole('button', { name: 'page 11' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to first page' }));
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps the pager in place, every move disabled, on a single page, and shows nothing for an empty list', () => {
    const { rerender } = render(<ListPager pagination={{ page: 1, limit: 10, total: 4, totalPages: 1 }} page={1} onPageChange={() => undefined} />);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 1 to 4 of 4 entries');
    expect(pageButtons()).toEqual(['1']);
    for (const name of ['Go to first page', 'Go to previous page', 'Go to next page', 'Go to last page']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('pager-ellipsis')).toBeNull();
    rerender(<ListPager pagination={{ page: 1, limit: 10, total: 0, totalPages: 0 }} page={1} onPageChange={() => undefined} />);
    expect(screen.queryByTestId('list-count')).toBeNull();
    // A list whose footer carries a choice (rows per page) keeps it when empty.
    rerender(<ListPager pagination={{ page: 1, limit: 10, total: 0, totalPages: 0 }} page={1} onPageChange={() => undefined} keepWhenEmpty />);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 0 to 0 of 0 entries');
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

const ROWS = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function SelectableList({ onEdit, onDelete }: { onEdit: (name: string) => void; onDelete: (name: string) => void }) {
  const selection = useRowSelection(ROWS);
  const row = selection.selected;
  return (
    <>
      <Table>
        <TableBody>
          {ROWS.map((item) => (
            <SelectableRow key={item.id} label={item.name} selected={selection.isSelected(item)} onToggle={() => selection.toggle(item)} testId="row">
              <TableCell>{item.name}</TableCell>
            </SelectableRow>
          ))}
        </TableBody>
      </Table>
      <ActionsPanel
        selection={row?.name}
        actions={[
          { label: 'Edit', onClick: () => row && onEdit(row.name) },
          { label: 'Delete', onClick: () => row && onDelete(row.name), disabled: row?.id === 'b', hint: row?.id === 'b' ? 'Beta cannot be deleted' : undefined },
        ]}
      />
    </>
  );
}

describe('selection and the Actions panel', () => {
  const button = (name: string) => within(screen.getByTestId('list-actions')).getByRole('button', { name }) as HTMLButtonElement;

  it('keeps every action disabled until a row is selected; clicking the selected row again clears it', () => {
    const onEdit = vi.fn();
    render(<SelectableList onEdit={onEdit} onDelete={vi.fn()} />);
    expect(button('Edit').disabled).toBe(true);
    expect(button('Delete').disabled).toBe(true);
    expect(screen.getByTestId('list-actions-selection').textContent).toBe('Nothing selected');

    const [alpha, beta] = screen.getAllByTestId('row');
    fireEvent.click(alpha as HTMLElement);
    expect(alpha?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('list-actions-selection').textContent).toBe('Alpha');
    expect(button('Edit').disabled).toBe(false);
    expect(button('Delete').disabled).toBe(false);
    fireEvent.click(button('Edit'));
    expect(onEdit).toHaveBeenCalledWith('Alpha');

    // Another row moves the selection; a row's own rule still disables an action.
    fireEvent.click(beta as HTMLElement);
    expect(alpha?.getAttribute('aria-selected')).toBe('false');
    expect(button('Delete').disabled).toBe(true);

    // Clicking the selected row again (or its radio) clears the selection.
    fireEvent.click(beta as HTMLElement);
    expect(beta?.getAttribute('aria-selected')).toBe('false');
    expect(button('Edit').disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Select Alpha' }));
    expect(alpha?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Select Alpha' }));
    expect(alpha?.getAttribute('aria-selected')).toBe('false');
  });

  it('explains a disabled action while nothing is selected', async () => {
    render(<SelectableList onEdit={vi.fn()} onDelete={vi.fn()} />);
    fireEvent.mouseOver(button('Edit').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NO_SELECTION_HINT);
  });
});

function DeletingList({ remove, onDeleted, onFailed }: { remove: (name: string) => Promise<void>; onDeleted: (name: string) => void; onFailed: (error: unknown) => void }) {
  const deletion = useDeleteConfirmation<string>({ remove, onDeleted, onFailed });
  return (
    <>
      <button type="button" onClick={() => deletion.ask('Alpha')}>
        Ask
      </button>
      <DeleteConfirmation state={deletion} title="Delete item" message={(name) => `Are you sure you want to delete ${name}?`} />
    </>
  );
}

describe('delete confirmation', () => {
  it('is busy while the delete runs, then closes and reports the outcome', async () => {
    let finish: () => void = () => undefined;
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onDeleted = vi.fn();
    render(<DeletingList remove={remove} onDeleted={onDeleted} onFailed={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    expect(dialog.textContent).toContain('Are you sure you want to delete Alpha?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('Alpha');
    expect((within(dialog).getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(onDeleted).toHaveBeenCalledWith('Alpha');
  });

  it('hands a failure to the page', async () => {
    const failure = new Error('nope');
    const onFailed = vi.fn();
    render(<DeletingList remove={() => Promise.reject(failure)} onDeleted={vi.fn()} onFailed={onFailed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete item' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(failure, 'Alpha'));
  });
});
