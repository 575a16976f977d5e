import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeProvidedHandlerWildcards, stackSingletons } from '../nag';
import type { RuntimeConfig } from '../../shared/config/runtime-config';

export const RUNTIME_CONFIG_FILE = 'runtime-config.json';

export interface FrontendDeploymentProps {
  readonly bucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  /** The built web client (`frontend/dist`). */
  readonly assetPath: string;
  readonly runtimeConfig: RuntimeConfig;
}

/** Uploads the built web client with this deployment's runtime-config.json and invalidates the cache. */
export class FrontendDeployment extends Construct {
  readonly deployment: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: FrontendDeploymentProps) {
    super(scope, id);
    this.deployment = new s3deploy.BucketDeployment(this, 'Deployment', {
      sources: [
        // A local runtime-config.json in the build (for the local server) must not reach the cloud.
        s3deploy.Source.asset(props.assetPath, { exclude: [RUNTIME_CONFIG_FILE] }),
        s3deploy.Source.jsonData(RUNTIME_CONFIG_FILE, props.runtimeConfig),
      ],
      destinationBucket: props.bucket,
      distribution: props.distribution,
      distributionPaths: ['/*'],
      prune: true,
      // Browsers revalidate every file so a deployment is visible at once; ETags keep it cheap.
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512,
    });
    for (const handler of stackSingletons(this, 'Custom::CDKBucketDeployment')) {
      acknowledge(
        handler,
        'CDK-provided deployment handler; AWSLambdaBasicExecutionRole only writes its logs.',
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
      acknowledge(handler, 'CDK-provided deployment handler; its runtime is chosen by aws-cdk-lib.', 'AwsSolutions-L1');
      acknowledgeProvidedHandlerWildcards(
        handler,
        'CDK-provided deployment handler: reads the staged assets, replaces the web bucket objects and invalidates the distribution (CloudFront invalidation takes resource *).',
      );
    }
  }
}
