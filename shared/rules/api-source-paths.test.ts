import { describe, expect, it } from 'vitest';
import { parseRecordPath, readRecordPath } from './api-source-paths';

describe('API source paths', () => {
  it('reads dots and [index], with or without a leading $', () => {
    expect(parseRecordPath('data.items[0].name')).toEqual(['data', 'items', 0, 'name']);
    expect(parseRecordPath('$.data[2][1]')).toEqual(['data', 2, 1]);
    expect(parseRecordPath('[0].title')).toEqual([0, 'title']);
    expect(parseRecordPath('')).toEqual([]);
    expect(parseRecordPath('$')).toEqual([]);
    expect(parseRecordPath('@_id')).toEqual(['@_id']);
  });

  it('refuses what does not follow the grammar', () => {
    for (const bad of ['a..b', 'a.', '.', 'a[x]', 'a[0]b', 'a.[0]', 'a]', 'a[', '[-1]']) expect(parseRecordPath(bad), bad).toBeUndefined();
  });

  it('finds values, and nothing where the way is missing', () => {
    const value = { data: { items: [{ name: 'first' }, { name: 'second', tags: ['x', 'y'] }] } };
    expect(readRecordPath(value, parseRecordPath('data.items[1].tags[1]')!)).toBe('y');
    expect(readRecordPath(value, parseRecordPath('data.items[5].name')!)).toBeUndefined();
    expect(readRecordPath(value, parseRecordPath('data.items.name')!)).toBeUndefined();
    expect(readRecordPath(value, parseRecordPath('data[0]')!)).toBeUndefined();
    expect(readRecordPath({ constructor: 1 }, ['toString'])).toBeUndefined();
    expect(readRecordPath(value, [])).toBe(value);
  });
});
