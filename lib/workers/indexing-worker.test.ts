import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

const workerId = (): string => {
  const id = Object.keys(template.findResources('AWS::Lambda::Function')).find((candidate) => candidate.startsWith('IndexingWorker'));
  if (id === undefined) throw new Error('no indexing worker');
  return id;
};

describe('indexing worker', () => {
  it('runs up to 15 minutes on arm64 with its service name', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('ingest'),
      Timeout: 900,
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'groundwork-indexing', GROUNDWORK_RUNTIME: 'cloud' }) },
    });
  });

  it('consumes the indexing queue one message at a time, reporting partial batch failures', () => {
    const queueId = Object.keys(template.findResources('AWS::SQS::Queue')).find((id) => id.includes('Indexing') && !id.includes('DeadLetter'));
    // One mapping per queue: this one, the chat-events worker's (chat-events-worker.test.ts), and the
    // dead-letter worker's two on the dead-letter queues (dead-letters-worker.test.ts).
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 4);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId() },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('may consume and re-enqueue indexing messages and invoke Bedrock models', () => {
    const role = template.findResources('AWS::Lambda::Function')[workerId()]!.Properties.Role as { 'Fn::GetAtt': [string, string] };
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role['Fn::GetAtt'][0]),
    );
    const actions = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action),
    );
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage', 'bedrock:InvokeModel']));
  });
});
