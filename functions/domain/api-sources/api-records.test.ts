import { describe, expect, it } from 'vitest';
import type { ApiParsing } from '../../../shared/api/schemas/api-sources';
import { extractRecords, mapRecord } from './api-records';
import { apiRecordIndexRecords, recordText, recordTitle } from './api-record-documents';
import { parseResponse, ResponseParseError } from './response-parsers';

const parsing = (overrides: Partial<ApiParsing>): ApiParsing => ({ type: 'json', mapping: {}, ...overrides });
const body = (text: string) => Buffer.from(text, 'utf8');

describe('parsing a response', () => {
  it('reads JSON, XML (attributes and one-element lists), CSV (quoted fields, BOM) and text', () => {
    expect(parseResponse('json', body('{"a":[1,2]}'), 'application/json')).toEqual({ a: [1, 2] });
    const xml = parseResponse('xml', body('<feed><entry id="7"><title>One</title></entry></feed>'), 'application/xml');
    expect(extractRecords(xml, parsing({ type: 'xml', array_path: 'feed.entry', mapping: { '@_id': 'id', title: 'title' } }))).toEqual({ kind: 'records', records: [{ id: '7', title: 'One' }] });
    expect(parseResponse('csv', body('\uFEFFname,note\nAnchor,"heavy, iron"\n\nBuoy,red\n'), 'text/csv')).toEqual([
      { name: 'Anchor', note: 'heavy, iron' },
      { name: 'Buoy', note: 'red' },
    ]);
    expect(parseResponse('text', Buffer.from([0xe6, 0xf8, 0xe5]), 'text/plain; charset=iso-8859-1')).toBe('æøå');
  });

  it('reads a body declared windows-1252 or iso-8859-1 as browsers do: quotes, dashes and € from 0x80-0x9F', () => {
    const bytes = Buffer.from([0x93, 0x41, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]);
    expect(parseResponse('text', bytes, 'text/plain; charset=windows-1252')).toBe('\u201cA\u201d \u2013 €5');
    expect(parseResponse('text', bytes, 'text/plain; charset="ISO-8859-1"')).toBe('\u201cA\u201d \u2013 €5');
    // A label the runtime has no decoder for, or one WHATWG maps to its all-U+FFFD decoder, reads as UTF-8.
    expect(parseResponse('text', body('plain'), 'text/plain; charset=iso-2022-kr')).toBe('plain');
    expect(parseResponse('text', body('naïve'), 'text/plain; charset=x-unknown')).toBe('naïve');
  });

  it('says why a body does not parse', () => {
    expect(() => parseResponse('json', body('<html>'), '')).toThrow(ResponseParseError);
    expect(() => parseResponse('xml', body('<a><b></a>'), '')).toThrow(/^Invalid XML: /);
    expect(() => parseResponse('csv', body('a,b\n"open,1\n'), '')).toThrow(/^Invalid CSV: /);
  });
});

describe('records and mapping', () => {
  const response = { meta: { total: 2 }, data: { results: [{ id: 1, attributes: { title: 'Alpha', tags: ['x'] } }, { id: 2, attributes: { title: 'Beta', tags: [] } }] } };

  it('takes the path, then the array path, then maps each record; missing source paths leave fields out', () => {
    const outcome = extractRecords(response, parsing({ path: 'data', array_path: 'results', mapping: { id: 'id', 'attributes.title': 'title', 'attributes.tags[0]': 'tag' } }));
    expect(outcome).toEqual({ kind: 'records', records: [{ id: 1, title: 'Alpha', tag: 'x' }, { id: 2, title: 'Beta' }] });
  });

  it('reads an array at the root, one object as one record, and nothing as no record', () => {
    expect(extractRecords([{ a: 1 }, 2], parsing({}))).toEqual({ kind: 'records', records: [{ a: 1 }, { value: 2 }] });
    expect(extractRecords({ a: 1 }, parsing({}))).toEqual({ kind: 'records', records: [{ a: 1 }] });
    expect(extractRecords(response, parsing({ path: 'nothing.here' }))).toEqual({ kind: 'records', records: [] });
  });

  it('says when the array path is not an array (JSON), and keeps text whole', () => {
    expect(extractRecords(response, parsing({ array_path: 'meta.total' }))).toEqual({ kind: 'not-array' });
    expect(extractRecords(response, parsing({ array_path: 'data.missing' }))).toEqual({ kind: 'not-array' });
    expect(extractRecords('Opening hours: nine to five.', parsing({ type: 'text' }))).toEqual({ kind: 'records', records: [{ text: 'Opening hours: nine to five.' }] });
    expect(mapRecord({ text: 'x' }, { text: 'body' })).toEqual({ body: 'x' });
  });
});

describe('records as documents', () => {
  it('titles a record by its title-like field and its position, else by position alone', () => {
    expect(recordTitle({ id: 9, Name: 'Oslo' }, 0)).toBe('Oslo (record 1)');
    expect(recordTitle({ summary: 'A long text' }, 4)).toBe('A long text (record 5)');
    expect(recordTitle({ count: 3 }, 1)).toBe('Record 2');
    expect(recordTitle({ title: 'x'.repeat(200) }, 0)).toHaveLength(80 + ' (record 1)'.length);
  });

  it('writes one field a line and cites the source name with the record title', () => {
    expect(recordText({ city: 'Oslo', tags: ['a'], nested: { b: 1 }, none: null })).toBe('city: Oslo\ntags: ["a"]\nnested: {"b":1}\nnone: ');
    const records = apiRecordIndexRecords({ id: 'api_1', name: 'Cities' }, { city: 'Oslo', note: 'Capital of Norway.' }, 2, { chunkSize: 500, overlap: 50 });
    expect(records).toEqual([
      {
        id: 'api_1:2:0',
        sourceId: 'api_1',
        sourceType: 'api',
        text: 'Oslo (record 3)\ncity: Oslo\nnote: Capital of Norway.',
        metadata: { name: 'Cities: Oslo (record 3)', chunkIndex: 0, headings: ['Oslo (record 3)'] },
      },
    ]);
    expect(apiRecordIndexRecords({ id: 'api_1', name: 'Cities' }, {}, 0, { chunkSize: 500, overlap: 50 })).toEqual([]);
  });
});
