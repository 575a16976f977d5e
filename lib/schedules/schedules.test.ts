import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

describe('schedules (contract §23.2)', () => {
  const scheduleFunctionId = () => Object.keys(template.findResources('AWS::Lambda::Function')).find((id) => id.startsWith('Schedules'))!;

  it.each([
    ['rate(1 hour)', 'schedule.crawl'],
    ['rate(1 day)', 'schedule.cleanup'],
  ])('%s sends {"type":"%s","time":<event time>} to the schedules worker', (expression, type) => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: expression,
      State: 'ENABLED',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [scheduleFunctionId(), 'Arn'] },
          Id: 'Target0',
          InputTransformer: { InputPathsMap: { time: '$.time' }, InputTemplate: `{"type":"${type}","time":<time>}` },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        },
      ],
    });
  });

  it('has exactly the two rules, each allowed to invoke the worker', () => {
    template.resourceCountIs('AWS::Events::Rule', 2);
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter(
      (permission) => permission.Properties.Principal === 'events.amazonaws.com',
    );
    expect(permissions).toHaveLength(2);
    for (const permission of permissions) {
      expect(permission.Properties.FunctionName).toEqual({ 'Fn::GetAtt': [scheduleFunctionId(), 'Arn'] });
    }
  });
});
