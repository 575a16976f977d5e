import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { utf8 } from '../../../../test/support/extraction/fixture-builders';

const extract = (text: string) => extractDocument({ bytes: utf8(text), fileName: 'data.json', mimeType: 'application/json' });

describe('json', () => {
  it('flattens to path: value lines', async () => {
    const document = await extract(JSON.stringify({ name: 'John Doe', age: 30, address: { city: 'New York' }, hobbies: ['reading', 'running'], spouse: null, nickname: '' }));
    expect(document.text).toBe('name: John Doe\nage: 30\naddress.city: New York\nhobbies[0]: reading\nhobbies[1]: running');
  });

  it('separates the records of a top-level array by a blank line', async () => {
    const document = await extract(JSON.stringify([{ sku: 'GRD-8842', in_stock: true }, { sku: 'GRD-1290', in_stock: false }]));
    expect(document.text).toBe('[0].sku: GRD-8842\n[0].in_stock: true\n\n[1].sku: GRD-1290\n[1].in_stock: false');
  });

  it('reads JSON Lines', async () => {
    expect((await extract('{"event":"login"}\n{"event":"logout"}\n')).text).toBe('[0].event: login\n\n[1].event: logout');
  });

  it('survives nesting deeper than the call stack would allow, cutting long paths', async () => {
    const depth = 20_000;
    const document = await extract(`${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`);
    expect(document.text).toMatch(/\[0\]: bottom$/);
    expect(document.text.length).toBeLessThan(200);
  });

  it('refuses malformed JSON as could-not-be-parsed and an empty structure as empty', async () => {
    await expect(extract('{\n  "name": "John Doe",\n  "age": 30,')).rejects.toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
    await expect(extract('{}')).rejects.toMatchObject({ failure: 'empty', message: 'File is empty' });
    await expect(extract('  \n ')).rejects.toMatchObject({ failure: 'empty' });
  });
});
