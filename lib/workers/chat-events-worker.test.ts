import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';
import { CHAT_EVENTS_WORKER_TIMEOUT } from './chat-events-worker';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

const workerId = (): string => {
  const id = Object.keys(template.findResources('AWS::Lambda::Function')).find((candidate) => candidate.startsWith('ChatEventsWorker'));
  if (id === undefined) throw new Error('no chat-events worker');
  return id;
};

const queueId = (deadLetter: boolean): string => {
  const id = Object.keys(template.findResources('AWS::SQS::Queue')).find((candidate) => candidate.includes('ChatEvents') && !candidate.includes('Kept') && candidate.includes('DeadLetter') === deadLetter);
  if (id === undefined) throw new Error('no chat-events queue');
  return id;
};

describe('chat-events worker (Slack answers, §18.1)', () => {
  it('runs on arm64 with its service name, within the queue visibility timeout', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Slack answers'),
      Timeout: CHAT_EVENTS_WORKER_TIMEOUT.toSeconds(),
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'groundwork-chat-events', GROUNDWORK_RUNTIME: 'cloud' }) },
    });
    const queue = template.findResources('AWS::SQS::Queue')[queueId(false)]!;
    expect(CHAT_EVENTS_WORKER_TIMEOUT.toSeconds()).toBeLessThan(queue.Properties.VisibilityTimeout as number);
  });

  it('consumes the chat-events queue, whose failures dead-letter after 3 receives, reporting partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId() },
      EventSourceArn: { 'Fn::GetAtt': [queueId(false), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId(true), 'Arn'] }, maxReceiveCount: 3 },
    });
  });

  it('may consume the queue, invoke Bedrock models and decrypt the stored Slack bot token', () => {
    const role = template.findResources('AWS::Lambda::Function')[workerId()]!.Properties.Role as { 'Fn::GetAtt': [string, string] };
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role['Fn::GetAtt'][0]),
    );
    const actions = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action),
    );
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'bedrock:InvokeModel', 'kms:Decrypt']));
  });
});
