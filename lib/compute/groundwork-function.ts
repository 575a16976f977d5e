import { Annotations, type Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, Charset, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { CONTEXT, contextFlag } from '../context';
import { acknowledge } from '../nag';

export interface GroundworkFunctionProps {
  /** The TypeScript module exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeout: Duration;
  readonly memorySize: number;
  /**
   * Repository files the handler reads at run time, copied beside the bundle: a path relative to
   * the repository root (a shell glob is fine) → the directory in the bundle it lands in.
   */
  readonly bundledFiles?: Readonly<Record<string, string>>;
}

/** Id of the warning a placeholder synth carries. */
export const PLACEHOLDER_CODE_WARNING = 'groundwork:placeholder-code';

// Node 22 rather than 20, which reaches end of life in April 2026. The bundle targets node20, the
// toolchain the code is developed and tested on; node22 runs that output unchanged.
const RUNTIME = lambda.Runtime.NODEJS_22_X;

/**
 * How every handler is bundled (esbuild through NodejsFunction). Exported so that `npm run bench:size`
 * bundles the same entries the same way without a second copy of these options.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node20',
  mainFields: ['module', 'main'],
  // Some dependencies still call require(); ESM output has none unless it is recreated.
  banner: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
  // Nothing is left to the runtime: the Node.js runtime's bundled AWS SDK is whatever version AWS
  // ships that month and lacks newer clients such as @aws-sdk/client-s3vectors, so each function
  // carries exactly the SDK clients it imports, at the versions the tests ran against.
  externalModules: [],
  minify: true,
  // No source map: the indexing worker's map alone zipped to 0.9 MB, beside a 1.4 MB bundle, and
  // every byte of a zip is loaded at cold start. The cost is stack traces with minified names and
  // bundle positions; to read one, rebuild the same commit with `sourceMap: true` and map the
  // position (docs/deployment.md, "Functions, queues and alarms").
  sourceMap: false,
  // Non-ASCII text (the code-page tables of the text and spreadsheet decoders) stays UTF-8 instead
  // of \uXXXX escapes: 66 kB less in the indexing zip. Node reads every module as UTF-8.
  charset: Charset.UTF8,
};

/**
 * The one place that decides how a Groundwork function is built. Real synth bundles the handler with
 * the locally installed esbuild (no Docker here) as ESM; with the `groundwork:skipBundling` context
 * flag (tests) it is an inline placeholder with the same configuration, so the stack can be asserted
 * before the handlers exist and without spending seconds per bundle.
 */
export function createGroundworkFunction(scope: Construct, id: string, props: GroundworkFunctionProps): lambda.Function {
  const common = {
    description: props.description,
    runtime: RUNTIME,
    architecture: lambda.Architecture.ARM_64,
    timeout: props.timeout,
    memorySize: props.memorySize,
    environment: { ...props.environment },
    logGroup: new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH }),
  };

  const fn = contextFlag(scope, CONTEXT.skipBundling)
    ? placeholderFunction(scope, id, common)
    : new NodejsFunction(scope, id, {
        ...common,
        entry: props.entry,
        handler: 'handler',
        bundling: props.bundledFiles ? { ...LAMBDA_BUNDLING, commandHooks: copyIntoBundle(props.bundledFiles) } : LAMBDA_BUNDLING,
      });

  acknowledge(
    fn,
    'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  );
  acknowledge(fn, 'Pinned to Node.js 22 so that runtime upgrades are deliberate and tested, not implied by a CDK upgrade.', 'AwsSolutions-L1');
  return fn;
}

/** esbuild bundles code only; the copies run in the bundling output directory before it is zipped. */
function copyIntoBundle(files: Readonly<Record<string, string>>): NonNullable<BundlingOptions['commandHooks']> {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      Object.entries(files).flatMap(([from, to]) => [`mkdir -p "${outputDir}/${to}"`, `cp ${inputDir}/${from} "${outputDir}/${to}/"`]),
  };
}

function placeholderFunction(scope: Construct, id: string, props: lambda.FunctionOptions & { runtime: lambda.Runtime }): lambda.Function {
  const fn = new lambda.Function(scope, id, {
    ...props,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 503, body: "placeholder" });'),
  });
  Annotations.of(Stack.of(scope)).addWarningV2(
    PLACEHOLDER_CODE_WARNING,
    `${CONTEXT.skipBundling} is set: the functions hold placeholder code; never deploy this assembly.`,
  );
  return fn;
}
