import { parseSortKey, sortItems, type Sortable } from '@/lib/ui/sort';

const items: (Sortable & { id: number })[] = [
  { id: 1, name: 'Esti jazz bár', created_at: '2024-03-01T10:00:00.000000Z' },
  { id: 2, name: 'Árnyas kert', created_at: '2024-05-01T10:00:00.000000Z' },
  { id: 3, name: 'bossa kávéház', created_at: '2024-01-15T10:00:00.000000Z' },
  { id: 4, name: 'Zen kert', created_at: '2024-05-01T10:00:00.000000Z' },
  { id: 5, name: 'Csatorna 10', created_at: '2023-12-31T23:59:59.000000Z' },
  { id: 6, name: 'Csatorna 9', created_at: '2024-02-01T10:00:00.000000Z' },
];
const ids = (list: { id: number }[]) => list.map((item) => item.id);

it('1 sorts by name A–Z the Hungarian way (accents, case, numbers)', () => {
  expect(ids(sortItems(items, 1))).toEqual([2, 3, 6, 5, 1, 4]);
});

it('2 sorts by name Z–A', () => {
  expect(ids(sortItems(items, 2))).toEqual([4, 1, 5, 6, 3, 2]);
});

it('3 puts the newest first by created_at, equal dates in server order', () => {
  expect(ids(sortItems(items, 3))).toEqual([2, 4, 1, 6, 3, 5]);
});

it('4 puts the oldest first by created_at, equal dates in server order', () => {
  expect(ids(sortItems(items, 4))).toEqual([5, 3, 6, 1, 2, 4]);
});

it('is stable for equal names and leaves the input untouched', () => {
  const twins = [
    { id: 1, name: 'Kert', created_at: null },
    { id: 2, name: 'kert', created_at: null },
    { id: 3, name: 'Kert', created_at: null },
  ];
  const before = [...twins];
  expect(ids(sortItems(twins, 1))).toEqual([1, 2, 3]);
  expect(ids(sortItems(twins, 2))).toEqual([1, 2, 3]);
  expect(twins).toEqual(before);
});

it('counts a missing or unreadable date as the oldest; those go by id', () => {
  const dated = [
    { id: 1, name: 'a', created_at: '2024-01-01T00:00:00Z' },
    { id: 2, name: 'b', created_at: null },
    { id: 3, name: 'c', created_at: 'nem dátum' },
  ];
  expect(ids(sortItems(dated, 3))).toEqual([1, 3, 2]);
  expect(ids(sortItems(dated, 4))).toEqual([2, 3, 1]);
});

it('without created_at (a Laravel channel), 3 and 4 order by id', () => {
  const channels = [
    { id: 2, name: 'Délutáni lendület' },
    { id: 3, name: 'Esti lounge' },
    { id: 1, name: 'Reggeli kávé' },
  ];
  expect(ids(sortItems(channels, 3))).toEqual([3, 2, 1]);
  expect(ids(sortItems(channels, 4))).toEqual([1, 2, 3]);
});

it('reads only the four keys', () => {
  expect(parseSortKey('3')).toBe(3);
  expect(parseSortKey(4)).toBe(4);
  for (const bad of ['0', '5', '', 'abc', null, undefined, '1.5']) expect(parseSortKey(bad)).toBeNull();
});
