import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../../shared/api/route-table';
import { synthGroundwork } from '../testing/synth';

let template: Template;
let withEmail: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
  ({ template: withEmail } = synthGroundwork({ context: { 'groundwork:alarmEmail': 'ops@example.com' } }));
});

type Alarm = { Properties: Record<string, unknown> };
const alarms = (source: Template) => Object.values(source.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
const ours = (source: Template) =>
  Object.keys(source.findResources('AWS::Lambda::Function')).filter((id) => ['Api', 'IndexingWorker', 'ChatEventsWorker', 'DeadLettersWorker', 'Schedules'].some((prefix) => id.startsWith(prefix)));

describe('alarms', () => {
  it('watch the depth of every dead-letter queue and of the kept letters behind them', () => {
    const queues = Object.keys(template.findResources('AWS::SQS::Queue')).filter((id) => id.includes('DeadLetter'));
    expect(queues).toHaveLength(4);
    for (const queue of queues) {
      const watching = alarms(template).filter(
        (alarm) =>
          alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Properties.Dimensions).includes(queue),
      );
      expect(watching, queue).toHaveLength(1);
      expect(watching[0]!.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    }
  });

  it('watch the errors of every Groundwork function: one per family and worker', () => {
    const functions = ours(template);
    expect(functions).toHaveLength(FAMILIES.length + 4);
    for (const fn of functions) {
      const watching = alarms(template).filter((alarm) => alarm.Properties.MetricName === 'Errors' && JSON.stringify(alarm.Properties.Dimensions).includes(`"${fn}"`));
      expect(watching, fn).toHaveLength(1);
      expect(watching[0]!.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 1 });
    }
  });

  it('notify no one without groundwork:alarmEmail', () => {
    template.resourceCountIs('AWS::SNS::Topic', 0);
    for (const alarm of alarms(template)) expect(alarm.Properties.AlarmActions).toBeUndefined();
  });

  it('mail groundwork:alarmEmail through one topic, on alarm and on recovery', () => {
    withEmail.resourceCountIs('AWS::SNS::Topic', 1);
    withEmail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    const topic = Object.keys(withEmail.findResources('AWS::SNS::Topic'))[0]!;
    expect(alarms(withEmail).length).toBe(ours(withEmail).length + 4);
    for (const alarm of alarms(withEmail)) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topic }]);
    }
  });

  it('keep the AWS Solutions checks clean with the topic', () => {
    expect(() => synthGroundwork({ nag: true, context: { 'groundwork:alarmEmail': 'ops@example.com' } })).not.toThrow();
  });
});
