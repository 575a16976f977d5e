import { describe, expect, it } from 'vitest';
import { ENV } from './environment';
import { loadDeploymentSecrets } from './deployment-secrets';

const STRIPE_JSON = JSON.stringify({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', publishableKey: 'pk_test_1' });

describe('secrets read at cold start', () => {
  it('fills the Stripe variables from the named secret, with one read', async () => {
    const env: Record<string, string | undefined> = { [ENV.stripeSecretName]: 'groundwork/stripe' };
    const reads: string[] = [];
    await loadDeploymentSecrets(env, async (id) => {
      reads.push(id);
      return STRIPE_JSON;
    });
    expect(reads).toEqual(['groundwork/stripe']);
    expect(env).toMatchObject({ [ENV.stripeSecretKey]: 'sk_test_1', [ENV.stripeWebhookSecret]: 'whsec_1', [ENV.stripePublishableKey]: 'pk_test_1' });
  });

  it('reads nothing when no secret is named (payments off, local runtime)', async () => {
    const env: Record<string, string | undefined> = {};
    await loadDeploymentSecrets(env, () => Promise.reject(new Error('must not be called')));
    expect(env).toEqual({});
  });

  it('refuses a secret without a secret key, and never echoes what it holds', async () => {
    const env: Record<string, string | undefined> = { [ENV.stripeSecretName]: 'groundwork/stripe' };
    await expect(loadDeploymentSecrets(env, async () => '{"publishableKey":"pk_1"}')).rejects.toThrow('The secret groundwork/stripe has no secretKey');
    await expect(loadDeploymentSecrets({ ...env }, async () => 'sk_live_plain')).rejects.toThrow(/must hold JSON/);
    await expect(loadDeploymentSecrets({ ...env }, async () => 'sk_live_plain')).rejects.not.toThrow(/sk_live_plain/);
  });
});
