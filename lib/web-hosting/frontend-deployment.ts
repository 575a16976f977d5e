import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeProvidedHandlerWildcards, stackSingletons } from '../nag';
import type { RuntimeConfig } from '../../shared/config/runtime-config';

export const RUNTIME_CONFIG_FILE = 'runtime-config.json';
/** Vite's output folder of content-hashed files: a name never changes its content. */
export const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Source maps are never uploaded, whatever the build emitted (the web build emits none). */
const SOURCE_MAPS = '**/*.map';

export interface FrontendDeploymentProps {
  readonly bucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  /** The built web client (`frontend/dist`). */
  readonly assetPath: string;
  readonly runtimeConfig: RuntimeConfig;
}

/**
 * Uploads the built web client with this deployment's runtime-config.json and invalidates the cache.
 *
 * Two uploads, for two cache lifetimes. The hashed files under assets/ are cached for a year and
 * never revalidated, and they are uploaded first and never pruned: a tab still running the
 * previous release can load its lazy chunks after the new index.html is out. Everything else
 * (index.html, runtime-config.json, icons) is revalidated on every load, so a deployment is
 * visible at once; ETags keep that cheap.
 */
export class FrontendDeployment extends Construct {
  readonly deployment: s3deploy.BucketDeployment;
  readonly assetsDeployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: FrontendDeploymentProps) {
    super(scope, id);
    const assetsPath = join(props.assetPath, HASHED_ASSETS_DIR);
    if (existsSync(assetsPath)) {
      this.assetsDeployment = new s3deploy.BucketDeployment(this, 'HashedAssets', {
        sources: [s3deploy.Source.asset(assetsPath, { exclude: [SOURCE_MAPS] })],
        destinationBucket: props.bucket,
        destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
        memoryLimit: 512,
      });
    }
    this.deployment = new s3deploy.BucketDeployment(this, 'Deployment', {
      sources: [
        // A local runtime-config.json in the build (for the local server) must not reach the cloud.
        s3deploy.Source.asset(props.assetPath, { exclude: [RUNTIME_CONFIG_FILE, `${HASHED_ASSETS_DIR}/**`, HASHED_ASSETS_DIR, SOURCE_MAPS] }),
        s3deploy.Source.jsonData(RUNTIME_CONFIG_FILE, props.runtimeConfig),
      ],
      destinationBucket: props.bucket,
      distribution: props.distribution,
      distributionPaths: ['/*'],
      prune: true,
      // Pruning leaves the hashed files alone: the other upload owns them.
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512,
    });
    if (this.assetsDeployment) this.deployment.node.addDependency(this.assetsDeployment);
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
