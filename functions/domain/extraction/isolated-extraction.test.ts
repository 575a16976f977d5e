import { describe, expect, it } from 'vitest';
import { ExtractionError } from './extraction-error';
import { extractDocumentIsolated } from './isolated-extraction';

const text = (value: string) => new TextEncoder().encode(value);

describe('extractDocumentIsolated', () => {
  it('extracts in a worker thread and returns the same document as in-process', async () => {
    const document = await extractDocumentIsolated({ bytes: text('Hello from a worker'), fileName: 'hello.txt', mimeType: 'text/plain' });
    expect(document).toMatchObject({ kind: 'txt', text: 'Hello from a worker', metadata: { encoding: 'UTF-8' } });
  });

  it('passes refusals back as ExtractionErrors with the user-facing reason', async () => {
    const refusal = await extractDocumentIsolated({ bytes: text('{"broken": '), fileName: 'data.json', mimeType: 'application/json' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ExtractionError);
    expect(refusal).toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
  });

  it('leaves the caller its bytes', async () => {
    const bytes = text('still mine');
    await extractDocumentIsolated({ bytes, fileName: 'a.txt', mimeType: 'text/plain' });
    expect(new TextDecoder().decode(bytes)).toBe('still mine');
  });

  it('calls a file that exhausts the worker\'s heap "too large", and the process lives on', async () => {
    // Three million array elements become three million objects and lines: far beyond a 32 MiB heap.
    const bytes = text(`[${'0,'.repeat(3_000_000)}0]`);
    const refusal = await extractDocumentIsolated({ bytes, fileName: 'huge.json', mimeType: 'application/json' }, { maxOldGenerationSizeMb: 32 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'too_large', message: 'File is too large or complex to process' });
    const after = await extractDocumentIsolated({ bytes: text('still serving'), fileName: 'a.txt', mimeType: 'text/plain' });
    expect(after.text).toBe('still serving');
  });

  it('gives up with "timeout" when the deadline passes first', async () => {
    const refusal = await extractDocumentIsolated({ bytes: text('x'), fileName: 'a.txt', mimeType: 'text/plain' }, { timeoutMs: 1 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'timeout', message: 'File took too long to process' });
  });
});
