import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface AccessLogsProps {
  /** How long access logs are kept. @default 90 days */
  readonly retention?: Duration;
}

/**
 * One bucket for S3 server access logs and CloudFront standard logs. It costs only what is
 * written, unlike an always-on log pipeline, and expires its objects so it does not grow forever.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes through an ACL grant, so ACLs must stay enabled here.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: props.retention ?? Duration.days(90) }],
    });
    acknowledge(this.bucket, 'This is the access-log destination; logging it into itself would loop.', 'AwsSolutions-S1');
  }
}
