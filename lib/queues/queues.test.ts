import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';
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
    template.resourceCountIs('AWS::SQS::Queue', 4);
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
    expect(denied).toHaveLength(4);
  });

  it('hides an indexing message longer than the worker may run on it', () => {
    const indexing = workQueues()[queueId('Indexing')]!;
    const [workerId, worker] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('IndexingWorker'))!;
    expect(workerId).toBeDefined();
    expect(worker.Properties.Timeout).toBe(900);
    expect(indexing.Properties.VisibilityTimeout as number).toBeGreaterThan(worker.Properties.Timeout as number);
  });
});
