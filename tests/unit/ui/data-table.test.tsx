import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { EditIcon, TrashIcon } from '@/components/ui/icons';
import { sortRows } from '@/lib/ui/table-sort';

interface Spot {
  id: number;
  name: string;
  file_name: string;
  duration: number | null;
  own: boolean;
}

const SPOTS: Spot[] = [
  { id: 1, name: 'Őszi vásár', file_name: 'osz.mp3', duration: 30, own: true },
  { id: 2, name: 'Akció', file_name: 'akcio.mp3', duration: null, own: false },
  { id: 3, name: 'Árleszállítás', file_name: 'ar.mp3', duration: 12, own: true },
  { id: 4, name: 'Zárás', file_name: 'zaras.mp3', duration: 5, own: true },
];

const COLUMNS: Column<Spot>[] = [
  { key: 'name', header: 'Szpot neve', cell: (s) => s.name, sortValue: (s) => s.name, primary: true },
  { key: 'file', header: 'Fájlnév', cell: (s) => s.file_name },
  { key: 'duration', header: 'Hossz', cell: (s) => s.duration ?? '-', sortValue: (s) => s.duration, align: 'end' },
];

function names() {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent);
}

function setup(props: Partial<Parameters<typeof DataTable<Spot>>[0]> = {}) {
  const onEdit = jest.fn();
  const onDelete = jest.fn();
  const actions: RowAction<Spot>[] = [
    { key: 'edit', label: (s) => `Szerkesztés: ${s.name}`, icon: <EditIcon />, onSelect: onEdit },
    {
      key: 'delete',
      label: (s) => `Törlés: ${s.name}`,
      icon: <TrashIcon />,
      onSelect: onDelete,
      danger: true,
      hidden: (s) => !s.own,
    },
  ];
  render(
    <DataTable
      rows={SPOTS}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      caption="Reklám szpotok"
      actions={actions}
      {...props}
    />,
  );
  return { onEdit, onDelete };
}

it('is a named table with a header per column and the actions column', () => {
  setup();
  const table = screen.getByRole('table', { name: 'Reklám szpotok' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  expect(headers).toEqual(['Szpot neve', 'Fájlnév', 'Hossz', 'Műveletek']);
  expect(names()).toEqual(['Őszi vásár', 'Akció', 'Árleszállítás', 'Zárás']);
});

it('sorts by a header button in Hungarian order, flips on a second click, and says so with aria-sort', () => {
  setup();
  const nameHeader = screen.getByRole('columnheader', { name: /Szpot neve/ });
  expect(nameHeader).not.toHaveAttribute('aria-sort');
  fireEvent.click(within(nameHeader).getByRole('button', { name: 'Szpot neve' }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(names()).toEqual(['Akció', 'Árleszállítás', 'Őszi vásár', 'Zárás']);
  fireEvent.click(within(nameHeader).getByRole('button', { name: 'Szpot neve' }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(names()).toEqual(['Zárás', 'Őszi vásár', 'Árleszállítás', 'Akció']);
});

it('sorts numbers by value with empty values last either way; unsortable headers have no button', () => {
  setup();
  expect(within(screen.getByRole('columnheader', { name: 'Fájlnév' })).queryByRole('button')).toBeNull();
  const duration = within(screen.getByRole('columnheader', { name: /Hossz/ })).getByRole('button');
  fireEvent.click(duration);
  expect(names()).toEqual(['Zárás', 'Árleszállítás', 'Őszi vásár', 'Akció']);
  fireEvent.click(duration);
  expect(names()).toEqual(['Őszi vásár', 'Árleszállítás', 'Zárás', 'Akció']);
});

it('offers the sort as a picker too (the phone layout), and follows a controlled sort', () => {
  const onSortChange = jest.fn();
  const { rerender } = render(
    <DataTable
      rows={SPOTS}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      caption="Szpotok"
      sort={{ key: 'name', direction: 'desc' }}
      onSortChange={onSortChange}
    />,
  );
  expect(names()).toEqual(['Zárás', 'Őszi vásár', 'Árleszállítás', 'Akció']);
  const picker = screen.getByRole('combobox', { name: 'Rendezés' });
  expect(picker).toHaveValue('name:desc');
  fireEvent.change(picker, { target: { value: 'duration:asc' } });
  expect(onSortChange).toHaveBeenCalledWith({ key: 'duration', direction: 'asc' });
  // Controlled: nothing moves until the owner says so.
  expect(names()).toEqual(['Zárás', 'Őszi vásár', 'Árleszállítás', 'Akció']);
  rerender(
    <DataTable
      rows={SPOTS}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      caption="Szpotok"
      sort={{ key: 'duration', direction: 'asc' }}
    />,
  );
  expect(names()).toEqual(['Zárás', 'Árleszállítás', 'Őszi vásár', 'Akció']);
});

it('gives each row its named action buttons, hides what the row does not allow, and calls back with the row', () => {
  const { onEdit, onDelete } = setup();
  const row = screen.getByRole('row', { name: /Árleszállítás/ });
  fireEvent.click(within(row).getByRole('button', { name: 'Szerkesztés: Árleszállítás' }));
  expect(onEdit).toHaveBeenCalledWith(SPOTS[2]);
  fireEvent.click(within(row).getByRole('button', { name: 'Törlés: Árleszállítás' }));
  expect(onDelete).toHaveBeenCalledWith(SPOTS[2]);
  const provider = screen.getByRole('row', { name: /Akció/ });
  expect(within(provider).getByRole('button', { name: 'Szerkesztés: Akció' })).toBeInTheDocument();
  expect(within(provider).queryByRole('button', { name: 'Törlés: Akció' })).toBeNull();
});

it('every control is a real button a keyboard reaches', () => {
  setup();
  const buttons = screen.getAllByRole('button');
  // 2 sortable headers, 4 edits, 3 deletes.
  expect(buttons).toHaveLength(9);
  for (const button of buttons) {
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('tabindex', '-1');
  }
});

it('shows the empty state instead of an empty table', () => {
  render(
    <DataTable
      rows={[]}
      columns={COLUMNS}
      rowKey={(s: Spot) => s.id}
      caption="Szpotok"
      empty={<p>Még nincs szpot.</p>}
    />,
  );
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('Még nincs szpot.')).toBeInTheDocument();
});

it('sortRows leaves its input alone and keeps ties in their order', () => {
  const rows = [
    { id: 1, n: 'b' },
    { id: 2, n: 'a' },
    { id: 3, n: 'b' },
  ];
  const copy = [...rows];
  expect(sortRows(rows, { key: 'n', direction: 'asc' }, (r) => r.n).map((r) => r.id)).toEqual([2, 1, 3]);
  expect(sortRows(rows, { key: 'n', direction: 'desc' }, (r) => r.n).map((r) => r.id)).toEqual([1, 3, 2]);
  expect(rows).toEqual(copy);
});

it("puts a column's own class on its header and every cell (a page styles a column without a copy of the table)", () => {
  render(
    <DataTable
      rows={SPOTS}
      columns={[...COLUMNS.slice(0, 2), { ...COLUMNS[2]!, className: 'toggle-cell' }]}
      rowKey={(s) => s.id}
      caption="Reklám szpotok"
    />,
  );
  const table = screen.getByRole('table', { name: 'Reklám szpotok' });
  expect(within(table).getByRole('columnheader', { name: 'Hossz' })).toHaveClass('toggle-cell');
  expect(table.querySelectorAll('td.toggle-cell')).toHaveLength(SPOTS.length);
  expect(within(table).getByRole('columnheader', { name: 'Fájlnév' })).not.toHaveClass('toggle-cell');
});
