import { currentRuntime, ENV } from './environment';

/** Which model and payment back-ends are live; reported by /api/health and shown in the UI. */
export interface PlatformModes {
  models: 'bedrock' | 'offline';
  payments: 'stripe' | 'self_hosted';
}

export function platformModes(): PlatformModes {
  const models = process.env[ENV.modelsMode];
  return {
    models: models === 'bedrock' || models === 'offline' ? models : currentRuntime() === 'cloud' ? 'bedrock' : 'offline',
    payments: process.env[ENV.stripeSecretKey] ? 'stripe' : 'self_hosted',
  };
}
