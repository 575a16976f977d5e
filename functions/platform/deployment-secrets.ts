import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from './environment';

type Environment = Record<string, string | undefined>;
type ReadSecret = (secretId: string) => Promise<string | undefined>;

/** The JSON fields of the Stripe secret (docs/deployment.md, "Secrets") and the variables they fill. */
const STRIPE_FIELDS = [
  { field: 'secretKey', variable: ENV.stripeSecretKey },
  { field: 'webhookSecret', variable: ENV.stripeWebhookSecret },
  { field: 'publishableKey', variable: ENV.stripePublishableKey },
] as const;

const readFromSecretsManager: ReadSecret = async (secretId) => {
  const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
  return answer.SecretString;
};

/**
 * Secrets the stack names but does not put in the Lambda environment (where the console and
 * GetFunctionConfiguration would show them): the Stripe keys. When STRIPE_SECRET_NAME is set, the
 * secret is read once, at cold start (functions/platform/ports.ts awaits this before any handler
 * runs), and its fields become the variables the rest of the code reads, so a container calls
 * Secrets Manager once. A rotated key reaches the functions with their next containers. Nothing
 * is read when the name is unset (payments off, the local runtime, tests); a variable already set
 * is kept.
 */
export async function loadDeploymentSecrets(env: Environment = process.env, read: ReadSecret = readFromSecretsManager): Promise<void> {
  const secretName = env[ENV.stripeSecretName];
  if (!secretName) return;
  const text = await read(secretName);
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    // The message names the secret, never its content.
    throw new Error(`The secret ${secretName} must hold JSON with secretKey, webhookSecret and publishableKey`);
  }
  for (const { field, variable } of STRIPE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && value !== '' && !env[variable]) env[variable] = value;
  }
  if (!env[ENV.stripeSecretKey]) throw new Error(`The secret ${secretName} has no secretKey`);
}
