import type { ApiSourceConfiguration } from '../../../shared/api/schemas/api-sources';
import type { Ports } from '../../contracts/ports/ports';
import { callApi, ApiCallError, type ApiAnswer, type ApiCallOptions } from './api-caller';
import { extractRecords, type ApiRecord } from './api-records';
import type { ApiSourceRecord } from './api-source-record';
import { recordCallOutcome, revealConfiguration } from './api-source-service';
import { parseResponse, ResponseParseError } from './response-parsers';

/** An API source gave no records to index; `message` says why, for the knowledge base's `error`. */
export class ApiSourceReadError extends Error {}

/**
 * One full read of an API source for indexing (§14 "Indexing"): the call with its retries,
 * spacing, time and size limits, the parsing and the mapping. The source's status records the
 * outcome (`active` with `last_fetched_at`, or `error` with `last_error`).
 */
export async function readApiSourceRecords(ports: Ports, record: ApiSourceRecord, options: Partial<ApiCallOptions> = {}): Promise<ApiRecord[]> {
  const configuration = await revealConfiguration(ports, record);
  let answer: ApiAnswer;
  let records: ApiRecord[];
  try {
    answer = await callApi(configuration, { rateKey: record.id, ...options });
    records = recordsOf(configuration, answer);
  } catch (error) {
    if (!(error instanceof ApiCallError) && !(error instanceof ResponseParseError) && !(error instanceof ApiSourceReadError)) throw error;
    await recordCallOutcome(ports, record, { error: error.message });
    throw new ApiSourceReadError(`API source ${record.name}: ${error.message}`);
  }
  await recordCallOutcome(ports, record, {});
  return records;
}

function recordsOf(configuration: ApiSourceConfiguration, answer: ApiAnswer): ApiRecord[] {
  const parsing = configuration.response.parsing;
  const outcome = extractRecords(parseResponse(parsing.type, answer.body, answer.contentType), parsing);
  if (outcome.kind === 'not-array') throw new ApiSourceReadError(`the array path ${parsing.array_path ?? ''} did not return an array`);
  return outcome.records;
}
