import { API_SOURCE_MESSAGES as M, API_TEST_LIMITS, type ApiSourceTestResult } from '../../../shared/api/schemas/api-sources';
import { upstreamError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { ApiCallError, callApi, type ApiAnswer } from './api-caller';
import { extractRecords } from './api-records';
import { loadApiSource, recordCallOutcome, revealConfiguration } from './api-source-service';
import { bodyText, parseResponse, ResponseParseError } from './response-parsers';

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null');

/**
 * `value` cut to at most `budget` bytes of JSON, keeping its shape: arrays keep their first
 * items and objects their first keys while they fit, a long string keeps its beginning. The
 * test's `data` (§14.7) stays a tree the form can show and suggest paths from.
 */
export function fitToBytes(value: unknown, budget: number): { value: unknown; truncated: boolean } {
  if (byteLength(value) <= budget) return { value, truncated: false };
  if (typeof value === 'string') {
    let cut = value.slice(0, Math.max(0, budget - 2));
    while (cut.length > 0 && byteLength(cut) > budget) cut = cut.slice(0, Math.floor(cut.length * 0.9));
    return { value: cut, truncated: true };
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    let used = 2;
    for (const item of value) {
      const room = budget - used - (kept.length > 0 ? 1 : 0);
      if (room <= 2) break;
      const fitted = fitToBytes(item, room);
      const size = byteLength(fitted.value);
      if (size > room) break;
      kept.push(fitted.value);
      used += size + (kept.length > 1 ? 1 : 0);
      if (fitted.truncated) break;
    }
    return { value: kept, truncated: true };
  }
  if (value !== null && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    let used = 2;
    for (const [key, item] of Object.entries(value)) {
      const overhead = byteLength(key) + 1 + (Object.keys(kept).length > 0 ? 1 : 0);
      const room = budget - used - overhead;
      if (room <= 2) break;
      const fitted = fitToBytes(item, room);
      const size = byteLength(fitted.value);
      if (size > room) break;
      kept[key] = fitted.value;
      used += overhead + size;
      if (fitted.truncated) break;
    }
    return { value: kept, truncated: true };
  }
  return { value: null, truncated: true };
}

function withData(answer: ApiAnswer, data: unknown): Pick<ApiSourceTestResult, 'status' | 'contentType' | 'data' | 'dataTruncated'> {
  const fitted = fitToBytes(data, API_TEST_LIMITS.dataBytes);
  return { status: answer.status, contentType: answer.contentType, data: fitted.value, ...(fitted.truncated ? { dataTruncated: true } : {}) };
}

/**
 * §14.7: the stored configuration called once, without retries, within min(timeout, 25) s. A call
 * that fails is 502; one that answers gives one of three outcomes (success, parsing failed, array
 * path not an array), with `data` cut to 64 KB and the first 5 mapped records.
 */
export async function testApiSource(ports: Ports, organizationId: string, sourceId: string): Promise<ApiSourceTestResult> {
  const record = await loadApiSource(ports, organizationId, sourceId);
  const configuration = await revealConfiguration(ports, record);
  const note = (error?: string) => recordCallOutcome(ports, record, error === undefined ? {} : { error });
  let answer: ApiAnswer;
  try {
    answer = await callApi(configuration, { rateKey: record.id, retries: 0, timeoutMs: Math.min(configuration.performance.timeout_seconds, API_TEST_LIMITS.seconds) * 1000 });
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    await note(error.message);
    throw upstreamError(error.kind === 'status' || error.kind === 'too-large' ? error.message : M.testFailed(error.message));
  }
  await note();
  const parsing = configuration.response.parsing;
  let parsed: unknown;
  try {
    parsed = parseResponse(parsing.type, answer.body, answer.contentType);
  } catch (error) {
    if (!(error instanceof ResponseParseError)) throw error;
    return { success: true, message: M.testParseFailed(error.message), ...withData(answer, bodyText(answer.body, answer.contentType)), parseError: error.message };
  }
  const outcome = extractRecords(parsed, parsing);
  if (outcome.kind === 'not-array') return { success: false, message: M.testNotArray, ...withData(answer, parsed) };
  return {
    success: true,
    message: M.testSucceeded,
    ...withData(answer, parsed),
    parsed: { records: outcome.records.slice(0, API_TEST_LIMITS.records), recordCount: outcome.records.length },
  };
}
