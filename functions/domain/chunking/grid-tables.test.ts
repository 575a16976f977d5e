import { describe, expect, it } from 'vitest';
import { gridTableAt } from './grid-tables';

const TABLE = [
  '+------------------+---------------------------------+',
  '| Operation        | Result                          |',
  '+==================+=================================+',
  '| ``t1 = t2 - t3`` | Difference of *t2* and *t3*.    |',
  '|                  | Afterwards *t1* == *t2* - *t3*. |',
  '+------------------+---------------------------------+',
  '| A cell spanning both columns                       |',
  '+------------------+---------------------------------+',
  '',
  'After the table.',
];

describe('gridTableAt', () => {
  it("joins each row's lines cell by cell into one Markdown row, the header set apart, a spanning cell whole", () => {
    const table = gridTableAt(TABLE, 0, (text) => text);
    expect(table).toEqual({
      rows: ['| Operation | Result |', '| --- | --- |', '| ``t1 = t2 - t3`` | Difference of *t2* and *t3*. Afterwards *t1* == *t2* - *t3*. |', '| A cell spanning both columns |  |'],
      end: 8,
    });
  });

  it('reads a table a chunk starts inside of by the walls of its first line, and nothing that is no table', () => {
    expect(gridTableAt(TABLE, 4, (text) => text.toUpperCase())?.rows[0]).toBe('|  | AFTERWARDS *T1* == *T2* - *T3*. |');
    expect(gridTableAt(TABLE, 9, (text) => text)).toBeUndefined();
    expect(gridTableAt(['| just one wall pair |'], 0, (text) => text)).toBeUndefined();
    // Substitutions at a line's ends are no walls.
    expect(gridTableAt(['  |Table| columns do *not* behave the same as |Quantity|. |Table|', '  columns act like arrays.'], 0, (text) => text)).toBeUndefined();
  });
});
