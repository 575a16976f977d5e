import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';
import { DEAD_LETTERS_WORKER_TIMEOUT } from '../workers/dead-letters-worker';
import { CHAT_EVENTS_WORKER_TIMEOUT } from '../workers/chat-events-worker';
import { INDEXING_WORKER_TIMEOUT } from '../workers/indexing-worker';
import { MAX_RECEIVE_COUNT } from './queues';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

type Resources = Record<string, { Properties: Record<string, unknown> }>;

const workQueues = (): Resources => template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue() } }) as Resources;
const queueId = (fragment: string): string => {
  const id = Object.keys(workQueues()).find((candidate) => candidate.includes(fragment) && !candidate.includes('DeadLetter'));
  if (id === undefined) throw new Error(`no ${fragment} queue`);
  return id;
};

describe('queues', () => {
  it('are the indexing and chat-events queues, each with its own dead-letter queue after 3 receives', () => {
    expect(MAX_RECEIVE_COUNT).toBe(3);
    const queues = workQueues();
    expect(Object.keys(queues)).toHaveLength(2);
    const deadLetterTargets = Object.values(queues).map((queue) => {
      const redrive = queue.Properties.RedrivePolicy as { maxReceiveCount: number; deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } };
      expect(redrive.maxReceiveCount).toBe(3);
      return redrive.deadLetterTargetArn['Fn::GetAtt'][0];
    });
    expect(new Set(deadLetterTargets).size).toBe(2);
    // Two work queues, their dead-letter queues, and a kept queue behind each of those.
    template.resourceCountIs('AWS::SQS::Queue', 6);
    queueId('Indexing');
    queueId('ChatEvents');
  });

  it('all use SQS-managed encryption and refuse requests without TLS', () => {
    for (const queue of Object.values(template.findResources('AWS::SQS::Queue'))) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    }
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy'));
    const denied = policies.filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('"aws:SecureTransport":"false"'),
    );
    expect(denied).toHaveLength(6);
  });

  it('hides a message for six times its consumer\'s timeout (AWS\'s advice for Lambda consumers)', () => {
    const queues = template.findResources('AWS::SQS::Queue') as Resources;
    const timeoutOf = (prefix: string) => Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(prefix))![1].Properties.Timeout as number;
    expect(timeoutOf('IndexingWorker')).toBe(INDEXING_WORKER_TIMEOUT.toSeconds());
    expect(queues[queueId('Indexing')]!.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * timeoutOf('IndexingWorker'));
    expect(queues[queueId('ChatEvents')]!.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * CHAT_EVENTS_WORKER_TIMEOUT.toSeconds());
    expect(timeoutOf('ChatEventsWorker')).toBe(CHAT_EVENTS_WORKER_TIMEOUT.toSeconds());
    const deadLetters = Object.entries(queues).filter(([id]) => id.includes('DeadLetter') && !id.includes('Kept'));
    expect(deadLetters).toHaveLength(2);
    for (const [, queue] of deadLetters) expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * timeoutOf('DeadLettersWorker'));
    expect(timeoutOf('DeadLettersWorker')).toBe(DEAD_LETTERS_WORKER_TIMEOUT.toSeconds());
  });

  it('keeps dead letters, and the kept letters behind them, for 14 days', () => {
    const fourteenDays = 14 * 24 * 3600;
    const retained = Object.entries(template.findResources('AWS::SQS::Queue') as Resources).filter(([id]) => id.includes('DeadLetter'));
    expect(retained.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual([
      'QueuesChatEventsDeadLetter',
      'QueuesChatEventsKeptDeadLetters',
      'QueuesIndexingDeadLetter',
      'QueuesIndexingKeptDeadLetters',
    ]);
    for (const [, queue] of retained) expect(queue.Properties.MessageRetentionPeriod).toBe(fourteenDays);
  });
});
