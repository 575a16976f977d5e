import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { pascalCase } from '../naming';

/** One evaluation period for every alarm: long enough not to page on a single poll, short enough to matter. */
export const ALARM_PERIOD = Duration.minutes(5);

export interface AlarmsProps {
  /** Queues whose depth above zero needs an operator: the dead-letter queues and the kept letters behind them, by a readable name. */
  readonly deadLetterQueues: Readonly<Record<string, sqs.IQueue>>;
  /** Every Groundwork function, by a readable name (the family or worker). */
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  /** Subscribed to the alarms' topic when given (`groundwork:alarmEmail`); the address must confirm the subscription. */
  readonly email?: string;
}

/**
 * CloudWatch alarms on what an operator must look at: a dead letter waiting (a message failed every
 * attempt; its item is already failed, the letter can be replayed) and a function's errors (an
 * unhandled exception, a timeout, out of memory). Missing data is not breaching: an idle stack is a
 * healthy one. With an email, the alarms and their recoveries go to one SNS topic; without one they
 * are visible in the CloudWatch console only.
 */
export class Alarms extends Construct {
  readonly topic?: sns.Topic;
  readonly alarms: readonly cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    if (props.email !== undefined) {
      this.topic = new sns.Topic(this, 'Topic', { displayName: 'Groundwork alarms', enforceSSL: true });
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
      acknowledge(
        this.topic,
        'Alarm notifications carry only alarm names and states. CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key for this alone costs more than the topic.',
        'AwsSolutions-SNS2',
      );
    }

    const queueAlarms = Object.entries(props.deadLetterQueues).map(
      ([name, queue]) =>
        new cloudwatch.Alarm(this, `${pascalCase(name)}Depth`, {
          alarmDescription: `Groundwork: ${name} holds messages that failed every attempt (docs/deployment.md, "Functions, queues and alarms").`,
          metric: queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );
    const functionAlarms = Object.entries(props.functions).map(
      ([name, fn]) =>
        new cloudwatch.Alarm(this, `${pascalCase(name)}Errors`, {
          alarmDescription: `Groundwork: the ${name} function failed (an exception, a timeout or out of memory); see its log group.`,
          metric: fn.metricErrors({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );
    this.alarms = [...queueAlarms, ...functionAlarms];
    if (this.topic !== undefined) {
      const action = new actions.SnsAction(this.topic);
      for (const alarm of this.alarms) {
        alarm.addAlarmAction(action);
        alarm.addOkAction(action);
      }
    }
  }
}

