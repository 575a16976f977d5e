import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExtractionInput } from './extract-document';
import { ExtractionError } from './extraction-error';
import { extractDocumentIsolated, extractionPoolStats, shutdownExtractionPool } from './isolated-extraction';

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

  it('reads exactly the bytes of a view into a larger buffer, which stays the caller\'s', async () => {
    const whole = text('before|the file|after');
    const view = whole.subarray(7, 15);
    const document = await extractDocumentIsolated({ bytes: view, fileName: 'a.txt', mimeType: 'text/plain' });
    expect(document.text).toBe('the file');
    expect(new TextDecoder().decode(whole)).toBe('before|the file|after');
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
    // The clock starts when a (started) worker takes the file, so the file itself must take longer:
    // a million array elements take about half a second.
    const refusal = await extractDocumentIsolated(slowJson(1_000_000), { timeoutMs: 20 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'timeout', message: 'File took too long to process' });
  });
});

describe('the extraction worker pool', () => {
  beforeEach(async () => {
    await shutdownExtractionPool();
  });
  afterAll(async () => {
    await shutdownExtractionPool();
  });

  it('reads one file after another in the same worker', async () => {
    const before = extractionPoolStats();
    const first = await extractDocumentIsolated(small('first'));
    const second = await extractDocumentIsolated(small('second'));
    expect([first.text, second.text]).toEqual(['first', 'second']);
    const after = extractionPoolStats();
    expect(after.workersStarted - before.workersStarted).toBe(1);
    expect(after.extractions - before.extractions).toBe(2);
    expect(after).toMatchObject({ live: 1, idle: 1, busy: 0, queued: 0 });
  });

  it('replaces a worker that timed out, and keeps serving', async () => {
    await extractDocumentIsolated(small('warm'));
    const before = extractionPoolStats();
    const refusal = await extractDocumentIsolated(slowJson(1_000_000), { timeoutMs: 20 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'timeout' });
    const after = await extractDocumentIsolated(small('after the timeout'));
    expect(after.text).toBe('after the timeout');
    const stats = extractionPoolStats();
    expect(stats.workersReplaced - before.workersReplaced).toBe(1);
    expect(stats.workersStarted - before.workersStarted).toBe(1);
    expect(stats.live).toBeLessThanOrEqual(stats.poolSize);
  });

  it('replaces a worker whose heap ran out, and keeps serving at the default cap', async () => {
    const before = extractionPoolStats();
    const refusal = await extractDocumentIsolated(
      { bytes: text(`[${'0,'.repeat(3_000_000)}0]`), fileName: 'huge.json', mimeType: 'application/json' },
      { maxOldGenerationSizeMb: 32 },
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ failure: 'too_large' });
    const results = await Promise.all([small('one'), small('two'), small('three')].map((input) => extractDocumentIsolated(input)));
    expect(results.map((document) => document.text)).toEqual(['one', 'two', 'three']);
    const stats = extractionPoolStats();
    expect(stats.workersReplaced - before.workersReplaced).toBeGreaterThanOrEqual(1);
    expect(stats.live).toBeLessThanOrEqual(stats.poolSize);
  });

  it('queues calls beyond the pool and answers every one', async () => {
    const before = extractionPoolStats();
    const calls = Array.from({ length: 6 }, (_, index) => extractDocumentIsolated(small(`file ${index}`)));
    // Nothing is started yet: every call waits, and only the pool's workers are being started for them.
    const queued = extractionPoolStats();
    expect(queued.starting).toBe(queued.poolSize);
    expect(queued.queued).toBe(6);
    const texts = (await Promise.all(calls)).map((document) => document.text);
    expect(texts).toEqual(Array.from({ length: 6 }, (_, index) => `file ${index}`));
    const after = extractionPoolStats();
    expect(after.workersStarted - before.workersStarted).toBe(after.poolSize);
    expect(after.extractions - before.extractions).toBe(6);
    expect(after).toMatchObject({ busy: 0, queued: 0 });
  });

  it('starts the clock when a worker takes the file, not while it waits in the queue', async () => {
    await extractDocumentIsolated(small('{"warm": true}', 'warm.json'));
    const { poolSize } = extractionPoolStats();
    // Every worker busy for about a second (longer on a loaded machine); the next file waits that
    // long before any worker takes it, more than its own time limit, which still leaves room for
    // the small file itself when other work slows the machine down.
    const busy = Array.from({ length: poolSize }, () => extractDocumentIsolated(slowJson(2_000_000)));
    const waiting = await extractDocumentIsolated(small('{"a": 1}', 'small.json'), { timeoutMs: 500 });
    expect(waiting.text).toContain('a: 1');
    await Promise.all(busy);
  });

  it('shuts down: what is in progress or queued is rejected (not as the file\'s fault), no worker is left, and it can start again', async () => {
    const { poolSize } = extractionPoolStats();
    const calls = Array.from({ length: poolSize + 2 }, () => extractDocumentIsolated(slowJson(1_000_000)).catch((error: unknown) => error));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await shutdownExtractionPool();
    const outcomes = await Promise.all(calls);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(ExtractionError);
    }
    expect(extractionPoolStats()).toMatchObject({ live: 0, queued: 0 });
    expect((await extractDocumentIsolated(small('again'))).text).toBe('again');
  });

  it('does not keep the process alive once it is idle', () => {
    const module = pathToFileURL(fileURLToPath(new URL('./isolated-extraction.ts', import.meta.url))).href;
    const script = `const { extractDocumentIsolated } = await import(${JSON.stringify(module)});
      const document = await extractDocumentIsolated({ bytes: new TextEncoder().encode('from a child'), fileName: 'a.txt', mimeType: 'text/plain' });
      console.log(document.text);`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(output.trim()).toBe('from a child');
  });
});

function small(value: string, fileName = 'a.txt'): ExtractionInput {
  return { bytes: text(value), fileName, mimeType: fileName.endsWith('.json') ? 'application/json' : 'text/plain' };
}

/** A JSON array of `elements` zeros: about half a second per million elements. */
function slowJson(elements: number): ExtractionInput {
  return { bytes: text(`[${'0,'.repeat(elements)}0]`), fileName: 'slow.json', mimeType: 'application/json' };
}
