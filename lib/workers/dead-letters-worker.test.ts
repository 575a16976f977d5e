import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE_ARN_ENV } from '../../functions/workers/dead-letters/dead-letter-sources';
import { synthGroundwork } from '../testing/synth';
import { DEAD_LETTERS_WORKER_TIMEOUT } from './dead-letters-worker';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

/** SQS's default, which the dead-letter queues keep. */
const DEFAULT_VISIBILITY_TIMEOUT_S = 30;

const workerId = (): string => {
  const id = Object.keys(template.findResources('AWS::Lambda::Function')).find((candidate) => candidate.startsWith('DeadLettersWorker'));
  if (id === undefined) throw new Error('no dead-letter worker');
  return id;
};

const deadLetterQueueId = (fragment: string): string => {
  const id = Object.keys(template.findResources('AWS::SQS::Queue')).find((candidate) => candidate.includes(fragment) && candidate.includes('DeadLetter'));
  if (id === undefined) throw new Error(`no ${fragment} dead-letter queue`);
  return id;
};

describe('dead-letter worker (§23.1 "after the final failure")', () => {
  it('consumes both dead-letter queues, reporting partial batch failures', () => {
    for (const fragment of ['Indexing', 'ChatEvents']) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: workerId() },
        EventSourceArn: { 'Fn::GetAtt': [deadLetterQueueId(fragment), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: workerId() } } }));
    expect(mappings).toHaveLength(2);
  });

  it('knows which work queue each dead-letter queue belongs to, and runs on arm64 with its service name', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('dead letters'),
      Timeout: DEAD_LETTERS_WORKER_TIMEOUT.toSeconds(),
      Architectures: ['arm64'],
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'groundwork-dead-letters',
          GROUNDWORK_RUNTIME: 'cloud',
          [DEAD_LETTER_QUEUE_ARN_ENV.indexing]: { 'Fn::GetAtt': [deadLetterQueueId('Indexing'), 'Arn'] },
          [DEAD_LETTER_QUEUE_ARN_ENV['chat-events']]: { 'Fn::GetAtt': [deadLetterQueueId('ChatEvents'), 'Arn'] },
        }),
      },
    });
  });

  it('finishes a batch within the dead-letter queues\' visibility timeout', () => {
    for (const fragment of ['Indexing', 'ChatEvents']) {
      const queue = template.findResources('AWS::SQS::Queue')[deadLetterQueueId(fragment)]!;
      const visibility = (queue.Properties.VisibilityTimeout as number | undefined) ?? DEFAULT_VISIBILITY_TIMEOUT_S;
      expect(DEAD_LETTERS_WORKER_TIMEOUT.toSeconds()).toBeLessThan(visibility);
    }
  });

  it('may consume its queues, write the table, drop index versions and decrypt the Slack bot token, but not invoke models', () => {
    const role = template.findResources('AWS::Lambda::Function')[workerId()]!.Properties.Role as { 'Fn::GetAtt': [string, string] };
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role['Fn::GetAtt'][0]),
    );
    const actions = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action),
    );
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'dynamodb:UpdateItem', 's3vectors:DeleteIndex', 'kms:Decrypt']));
    expect(actions.filter((action) => action.startsWith('bedrock:'))).toEqual([]);
  });
});
