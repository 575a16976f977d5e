import * as demoContent from '../../functions/domain/seed/demo-content';
import { platformModes } from '../../functions/platform/modes';

export { DEMO_CONTENT, demoDocuments, finishDemoContent } from '../../functions/domain/seed/demo-content';
export type { DemoContentInput, DemoDocument, DemoSources, FinishOptions } from '../../functions/domain/seed/demo-content';

/**
 * The demo content of `npm start`: the domain's (functions/domain/seed/demo-content.ts, which the
 * cloud's first sign-in runs too), on the self-hosted plan when the platform has no Stripe key.
 */
export function seedDemoSources(input: demoContent.DemoContentInput): Promise<demoContent.DemoSources> {
  return demoContent.seedDemoSources(input, { selfHostedPlan: platformModes().payments === 'self_hosted' });
}
