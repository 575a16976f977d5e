import { runtimeConfigSchema, type RuntimeConfig } from '../../../shared/config/runtime-config';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export type RuntimeConfigResult =
  | { ok: true; config: RuntimeConfig }
  /** `missingIdentityProvider`: spec 01 §4.1 says the app then renders nothing at all. */
  | { ok: false; reason: 'missingIdentityProvider' | 'invalid' | 'unreachable'; error: string };

/**
 * Reads the deployment's runtime configuration. Nothing environment-specific is baked into the build,
 * so every install serves its own `/runtime-config.json` next to the bundle.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfigResult> {
  let raw: unknown;
  try {
    const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return { ok: false, reason: 'unreachable', error: `${RUNTIME_CONFIG_PATH} answered ${response.status}` };
    raw = await response.json();
  } catch (error) {
    return { ok: false, reason: 'unreachable', error: `Could not load ${RUNTIME_CONFIG_PATH}: ${String(error)}` };
  }
  return parseRuntimeConfig(raw);
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfigResult {
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const idpMissing = parsed.error.issues.some((issue) => issue.path[0] === 'oidc');
  return {
    ok: false,
    reason: idpMissing ? 'missingIdentityProvider' : 'invalid',
    error: `Invalid runtime configuration: ${issues.join('; ')}`,
  };
}
