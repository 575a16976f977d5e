import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { createGroundworkFunction } from '../compute/groundwork-function';
import { type Capability, grantCapabilities, OBJECTS_READ_WRITE, TABLE_READ_WRITE } from '../compute/capabilities';
import { workerEntry } from '../lambda-entries';

/** The scheduled events of contract §23.2: rule name, schedule, and the `type` of its fixed input. */
export const SCHEDULES = [
  { id: 'CrawlScheduler', ruleName: 'crawl-scheduler', schedule: events.Schedule.rate(Duration.hours(1)), type: 'schedule.crawl' },
  { id: 'Cleanup', ruleName: 'cleanup', schedule: events.Schedule.rate(Duration.days(1)), type: 'schedule.cleanup' },
] as const;

export const SCHEDULES_CAPABILITIES: readonly Capability[] = [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'indexing-queue'];

export interface SchedulesProps {
  readonly resources: BackendResources;
}

/** The schedules worker and the EventBridge rules that invoke it. */
export class Schedules extends Construct {
  readonly function: lambda.Function;
  readonly rules: readonly events.Rule[];

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    this.function = createGroundworkFunction(this, 'Function', {
      entry: workerEntry('schedules'),
      description: 'Groundwork worker: crawl scheduler and cleanup',
      environment: serviceEnvironment(props.resources, 'schedules'),
      timeout: Duration.minutes(5),
      memorySize: 512,
    });
    // Cleanup deletes stale items and objects; the crawl scheduler enqueues `web.crawl`.
    grantCapabilities(this.function, SCHEDULES_CAPABILITIES, props.resources);

    this.rules = SCHEDULES.map(
      (schedule) =>
        new events.Rule(this, schedule.id, {
          // Generated physical names; the contract's rule name goes into the description.
          description: `Groundwork ${schedule.ruleName} (contract §23.2)`,
          schedule: schedule.schedule,
          targets: [
            new targets.LambdaFunction(this.function, {
              event: events.RuleTargetInput.fromObject({ type: schedule.type, time: events.EventField.time }),
              retryAttempts: 2,
            }),
          ],
        }),
    );
  }
}
