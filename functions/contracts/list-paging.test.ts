import { describe, expect, it } from 'vitest';
import { applyListQuery, parseListQuery, type ListDefinition } from './list-paging';

interface Row {
  id: string;
  name: string;
  size: number | null;
}

const definition: ListDefinition<Row> = {
  sortFields: { name: (row) => row.name, size: (row) => row.size },
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
  searchText: (row) => [row.name],
  id: (row) => row.id,
};

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `r${String(i).padStart(2, '0')}`, name: `Item ${String.fromCharCode(97 + (i % 26))}${i}`, size: i % 5 === 0 ? null : i }));

describe('list parameters (contract §1.5)', () => {
  it('defaults page 1, limit 10, the endpoint sort', () => {
    expect(parseListQuery({}, definition)).toMatchObject({ page: 1, limit: 10, all: false, search: '', sortBy: 'name', sortOrder: 'asc' });
  });

  it('rejects bad values with the exact messages', () => {
    expect(() => parseListQuery({ page: '0' }, definition)).toThrow('page must be a positive integer');
    expect(() => parseListQuery({ page: '1.5' }, definition)).toThrow('page must be a positive integer');
    expect(() => parseListQuery({ limit: 'x' }, definition)).toThrow('limit must be a positive integer');
    expect(() => parseListQuery({ search: 'x'.repeat(201) }, definition)).toThrow('search must be at most 200 characters');
    expect(() => parseListQuery({ ids: Array.from({ length: 101 }, (_, i) => `i${i}`).join(',') }, definition)).toThrow('At most 100 ids are allowed');
    expect(() => parseListQuery({ sort_by: 'colour' }, definition)).toThrow('Invalid sort_by value');
    // Names every object inherits are no sort field either (the fuzz suite found __proto__ answering 500).
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(() => parseListQuery({ sort_by: inherited }, definition), inherited).toThrow('Invalid sort_by value');
    }
    expect(() => parseListQuery({ sort_order: 'up' }, definition)).toThrow('Invalid sort_order value');
    expect(() => parseListQuery({ all: 'yes' }, definition)).toThrow('all must be true or false');
  });

  it('clamps limit to the maximum and accepts aliases, sort_order winning over sort_direction', () => {
    expect(parseListQuery({ limit: '500', q: ' Item ', sort_direction: 'DESC' }, definition)).toMatchObject({ limit: 100, search: 'Item', sortOrder: 'desc' });
    expect(parseListQuery({ sort_direction: 'desc', sort_order: 'asc' }, definition).sortOrder).toBe('asc');
  });

  it('pages with totals, and an empty page past the end keeps the total', () => {
    const second = applyListQuery(rows, parseListQuery({ page: '3' }, definition), definition);
    expect(second).toMatchObject({ page: 3, limit: 10, total: 23, totalPages: 3 });
    expect(second.items).toHaveLength(3);
    const past = applyListQuery(rows, parseListQuery({ page: '9' }, definition), definition);
    expect(past).toMatchObject({ items: [], total: 23, totalPages: 3 });
  });

  it('searches case-insensitively and sorts missing values last in both orders', () => {
    const found = applyListQuery(rows, parseListQuery({ search: 'ITEM B' }, definition), definition);
    expect(found.items.map((row) => row.name)).toEqual(['Item b1']);
    for (const order of ['asc', 'desc']) {
      const sorted = applyListQuery(rows, parseListQuery({ sort_by: 'size', sort_order: order, all: 'true' }, definition), definition).items;
      expect(sorted.slice(-5).every((row) => row.size === null)).toBe(true);
      expect(sorted[0]?.size).toBe(order === 'asc' ? 1 : 22);
    }
  });

  it('all=true returns everything on one page; ids returns just those, ignoring paging', () => {
    expect(applyListQuery(rows, parseListQuery({ all: 'true' }, definition), definition)).toMatchObject({ page: 1, limit: 23, total: 23, totalPages: 1 });
    const picked = applyListQuery(rows, parseListQuery({ ids: 'r01,unknown,r02', page: '4' }, definition), definition);
    expect(picked.items.map((row) => row.id)).toEqual(['r01', 'r02']);
    expect(picked).toMatchObject({ total: 2, limit: 2, totalPages: 1 });
  });
});
