import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLING } from './groundwork-function';

describe('how every function is bundled', () => {
  it('bundles the AWS SDK clients each handler imports instead of trusting the runtime to ship them', () => {
    // The Node.js runtime's SDK lacks newer clients (@aws-sdk/client-s3vectors) and moves on its own schedule.
    expect(LAMBDA_BUNDLING.externalModules ?? []).toEqual([]);
  });

  it('puts no source map in the zip: it weighed as much as the indexing bundle itself', () => {
    expect(LAMBDA_BUNDLING.sourceMap).toBe(false);
    expect(LAMBDA_BUNDLING.minify).toBe(true);
  });

  it('keeps non-ASCII text as UTF-8 rather than escapes', () => {
    expect(LAMBDA_BUNDLING.charset).toBe('utf8');
  });
});
