import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table.tsx';
import type { Column, SortState } from './types.ts';

interface Client {
  id: string;
  name: string;
  hours: number;
}
const columns: Column<Client>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name, sortValue: (c) => c.name },
  { id: 'hours', header: 'Hours', cell: (c) => c.hours, sortValue: (c) => c.hours, align: 'end' },
];
const clients: Client[] = [
  { id: 'a', name: 'Acme', hours: 5 },
  { id: 'b', name: 'Globex', hours: 12 },
  { id: 'c', name: 'Initech', hours: 1 },
];

function Harness(props: Partial<DataTableProps<Client>>) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      label="Clients"
      columns={columns}
      rows={clients}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.name}
      empty={<button type="button">Add a client</button>}
      sort={sort}
      onSortChange={setSort}
      selected={selected}
      onSelectedChange={setSelected}
      {...props}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it('sorts by a header click and says so with aria-sort', () => {
    render(<Harness />);
    const hours = screen.getByRole('columnheader', { name: 'Hours' });
    expect(hours.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(hours).getByRole('button'));
    expect(hours.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Initech', 'Acme', 'Globex']);
    fireEvent.click(within(hours).getByRole('button'));
    expect(hours.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Globex', 'Acme', 'Initech']);
  });

  it('selects rows one by one and all at once', () => {
    const onSelectedChange = vi.fn();
    const { rerender } = render(<Harness />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Globex' }));
    expect(bodyRows()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(bodyRows().every((r) => r.getAttribute('aria-selected') === 'true')).toBe(true);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(bodyRows().some((r) => r.getAttribute('aria-selected') === 'true')).toBe(false);
    rerender(<Harness selected={new Set(['c'])} onSelectedChange={onSelectedChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectedChange).toHaveBeenCalledWith(new Set(['a', 'b', 'c']));
  });

  it('moves focus between rows by keyboard, opens with Enter and selects with Space', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const rows = bodyRows();
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    rows[0]?.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(bodyRows()[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(bodyRows()[2]);
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(bodyRows()[2]);
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(bodyRows()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(bodyRows().map((r) => r.tabIndex)).toEqual([-1, -1, 0]);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(clients[2]);
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(bodyRows()[2]?.getAttribute('aria-selected')).toBe('true');
  });

  it('leaves keys typed in a cell control alone', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const box = screen.getByRole('checkbox', { name: 'Select Acme' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    expect(bodyRows()[0]?.tabIndex).toBe(0);
  });

  it('opens a row on click, but not from a click on its checkbox', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Acme' }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Initech'));
    expect(onOpen).toHaveBeenCalledWith(clients[2]);
  });

  it('takes files dropped onto a row that takes them, marking it while they are over it', () => {
    const onDropFiles = vi.fn();
    render(<Harness onDropFiles={onDropFiles} takesFiles={(c) => c.id !== 'c'} />);
    const file = new File(['x'], 'receipt.png', { type: 'image/png' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    const acme = screen.getByText('Acme').closest('tr')!;
    fireEvent.dragOver(acme, { dataTransfer });
    expect(acme.getAttribute('data-drop-over')).toBe('true');
    fireEvent.drop(acme, { dataTransfer });
    expect(acme.hasAttribute('data-drop-over')).toBe(false);
    expect(onDropFiles).toHaveBeenCalledWith(clients[0], [file]);
    // Text dragged from the page is not a file; a row that takes no files is left alone.
    fireEvent.dragOver(acme, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(acme.hasAttribute('data-drop-over')).toBe(false);
    const initech = screen.getByText('Initech').closest('tr')!;
    fireEvent.dragOver(initech, { dataTransfer });
    fireEvent.drop(initech, { dataTransfer });
    expect(initech.hasAttribute('data-drop-over')).toBe(false);
    expect(onDropFiles).toHaveBeenCalledTimes(1);
  });

  it('draws only a window of a long list, and keeps the focused row drawn', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), name: `Client ${String(i).padStart(4, '0')}`, hours: i }));
    render(<Harness rows={many} rowHeight={40} />);
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const drawn = table.querySelectorAll('tbody tr[data-row-index]');
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(40);
    (drawn[0] as HTMLElement).focus();
    fireEvent.keyDown(drawn[0]!, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-row-index')).toBe('4999');
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('5001');
    expect(table.querySelectorAll('tbody tr[data-row-index]').length).toBeLessThan(40);
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    expect(document.activeElement?.getAttribute('data-row-index')).toBe('4989');
  });

  it('shows skeleton rows while loading, the empty slot, and the error with Retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<Harness rows={undefined} status="pending" />);
    expect(screen.getByRole('status').textContent).toBe('Loading clients');
    expect((screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement).disabled).toBe(true);
    rerender(<Harness rows={[]} />);
    expect(screen.getByRole('button', { name: 'Add a client' })).toBeTruthy();
    rerender(<Harness rows={undefined} status="error" errorMessage="The server did not answer." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The server did not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the server order when told the rows are sorted already', () => {
    render(<Harness sort={{ columnId: 'name', direction: 'desc' }} sortLocally={false} />);
    expect(names()).toEqual(['Acme', 'Globex', 'Initech']);
  });
});
