import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE_ARN_ENV } from '../../functions/workers/dead-letters/dead-letter-sources';
import { KEPT_DEAD_LETTERS_URL_ENV } from '../../functions/workers/dead-letters/kept-letters';
import { synthGroundwork } from '../testing/synth';
import { DEAD_LETTERS_WORKER_TIMEOUT } from './dead-letters-worker';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});


const workerId = (): string => {
  const id = Object.keys(template.findResources('AWS::Lambda::Function')).find((candidate) => candidate.startsWith('DeadLettersWorker'));
  if (id === undefined) throw new Error('no dead-letter worker');
  return id;
};

const deadLetterQueueId = (fragment: string): string => {
  const id = Object.keys(template.findResources('AWS::SQS::Queue')).find((candidate) => candidate.includes(fragment) && candidate.includes('DeadLetter') && !candidate.includes('Kept'));
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
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * DEAD_LETTERS_WORKER_TIMEOUT.toSeconds());
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

  it('keeps every settled letter in its work queue\'s kept queue: it knows their URLs and may send there', () => {
    const kept = (fragment: string) => Object.keys(template.findResources('AWS::SQS::Queue')).find((candidate) => candidate.startsWith(`Queues${fragment}KeptDeadLetters`))!;
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('dead letters'),
      Environment: {
        Variables: Match.objectLike({
          [KEPT_DEAD_LETTERS_URL_ENV.indexing]: { Ref: kept('Indexing') },
          [KEPT_DEAD_LETTERS_URL_ENV['chat-events']]: { Ref: kept('ChatEvents') },
        }),
      },
    });
    const role = (template.findResources('AWS::Lambda::Function')[workerId()]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const sendsTo = statements
      .filter((statement) => [statement.Action].flat().includes('sqs:SendMessage'))
      .flatMap((statement) => [statement.Resource].flat())
      .map((resource) => JSON.stringify(resource));
    expect(sendsTo.sort()).toEqual([JSON.stringify({ 'Fn::GetAtt': [kept('ChatEvents'), 'Arn'] }), JSON.stringify({ 'Fn::GetAtt': [kept('Indexing'), 'Arn'] })].sort());
    // No work queue, no objects: settling only fails items.
    expect(statements.flatMap((statement) => [statement.Action].flat())).not.toContain('s3:PutObject');
  });
});
