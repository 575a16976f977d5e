import { describe, expect, it } from 'vitest';
import { fileKeyOf } from '../messages/indexing-message';
import { extractionKey, fileObjectKey, normalizeEtag, safeObjectName } from './object-keys';

describe('object keys', () => {
  it('keeps a safe subset of the name and its extension', () => {
    expect(safeObjectName('Q1 report (final).pdf')).toBe('Q1_report_final_.pdf');
    expect(safeObjectName('Café déjà vu.docx')).toBe('Cafe_deja_vu.docx');
    expect(safeObjectName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeObjectName('日本語')).toBe('file');
    const long = safeObjectName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('puts uploads where the indexing worker maps S3 events to file.ingest', () => {
    const key = fileObjectKey('org_1', 'fil_2', 'a b.txt');
    expect(key).toBe('org/org_1/files/fil_2/a_b.txt');
    expect(fileKeyOf(key)).toEqual({ organizationId: 'org_1', dataSourceId: 'fil_2' });
  });

  it('names one extraction per object version, quotes or not', () => {
    expect(extractionKey('org_1', 'fil_2', '"abc123"')).toBe('org/org_1/extracted/fil_2/abc123.json');
    expect(extractionKey('org_1', 'fil_2', 'abc-2')).toBe('org/org_1/extracted/fil_2/abc-2.json');
    expect(normalizeEtag('W/"x"')).toBe('x');
  });
});
