import type { SettingsPort } from '../contracts/ports/settings';
import { ENV } from './environment';

type Environment = Record<string, string | undefined>;

/** The settings, read from the environment at each call (the local runtime sets WEB_ORIGINS once it listens). */
export function createEnvironmentSettings(env: Environment = process.env): SettingsPort {
  const webOriginIfSet = () => (env[ENV.webOrigins] ?? '').split(',')[0]?.trim().replace(/\/+$/, '') || undefined;
  return {
    webOrigin() {
      const origin = webOriginIfSet();
      if (!origin) throw new Error(`${ENV.webOrigins} is not set: invitation links need the web client's origin`);
      return origin;
    },
    webOriginIfSet,
    googleApiBaseUrl() {
      return env[ENV.googleApiBaseUrl]?.trim() || 'https://www.googleapis.com';
    },
    defaultConsumerOrganizationId() {
      return env[ENV.defaultConsumerOrganizationId]?.trim() || undefined;
    },
  };
}
