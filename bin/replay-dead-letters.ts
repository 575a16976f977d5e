/**
 * Replays kept dead letters to the work queue they died on (docs/deployment.md, "Functions, queues
 * and alarms"):
 *
 *   npm run replay:dead-letters -- --queue-url <kept queue URL> [--max N] [--dry-run]
 *
 * The kept queues' URLs are the stack outputs IndexingKeptDeadLettersUrl and
 * ChatEventsKeptDeadLettersUrl. Credentials and Region come from the usual AWS environment
 * (AWS_PROFILE, AWS_REGION), as for `cdk deploy`.
 */
import { parseArgs } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { replayKeptLetters } from '../functions/workers/dead-letters/replay-letters';

const { values } = parseArgs({
  options: { 'queue-url': { type: 'string' }, max: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
const keptQueueUrl = values['queue-url'];
const max = values.max === undefined ? undefined : Number(values.max);
if (!keptQueueUrl || (max !== undefined && (!Number.isInteger(max) || max < 1))) {
  console.error('Usage: npm run replay:dead-letters -- --queue-url <kept queue URL> [--max N] [--dry-run]');
  process.exit(2);
}

const result = await replayKeptLetters(new SQSClient({}), { keptQueueUrl, max, dryRun: values['dry-run'], log: (line) => console.log(line) });
console.log(`${values['dry-run'] ? 'would replay' : 'replayed'} ${result.replayed}, skipped ${result.skipped}`);
