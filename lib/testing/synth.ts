import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PLACEHOLDER_CODE_WARNING } from '../compute/groundwork-function';
import { CONTEXT } from '../context';
import { GroundworkStack } from '../groundwork-stack';

/** The feature flags of cdk.json, so tests synthesize what `cdk synth` does. */
const FEATURE_FLAGS = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;

export interface TestStackOptions {
  readonly context?: Record<string, unknown>;
  readonly frontendAssetPath?: string;
  /**
   * CDK's built-in CloudFormation template validation; it dominates synth time, so only the
   * stack-level test turns it on. @default false
   */
  readonly validateTemplate?: boolean;
  /** Register the AWS Solutions pack as bin/cdk.ts does: synthesis throws on any open finding. @default false */
  readonly nag?: boolean;
  /** Adds constructs to the stack before synthesis (negative tests). */
  readonly extend?: (stack: GroundworkStack) => void;
}

export interface TestStack {
  readonly app: App;
  readonly stack: GroundworkStack;
  readonly template: Template;
}

/** The whole stack with placeholder function code: no bundling, no handler files needed. */
export function synthGroundwork(options: TestStackOptions = {}): TestStack {
  const app = new App({
    context: { ...FEATURE_FLAGS, [CONTEXT.skipBundling]: true, ...options.context },
    builtinCloudFormationValidation: options.validateTemplate ?? false,
  });
  Validations.of(app).acknowledge({ id: PLACEHOLDER_CODE_WARNING, reason: 'Tests assert the infrastructure, not the handler code.' });
  if (options.nag === true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new GroundworkStack(app, 'Groundwork', { version: '9.9.9-test', frontendAssetPath: options.frontendAssetPath });
  options.extend?.(stack);
  return { app, stack, template: Template.fromStack(stack) };
}
