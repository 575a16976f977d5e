import { MESSAGES } from '../../../shared/api/errors';
import { normalizeOrigin } from '../../../shared/rules/application-form';
import { forbidden, ContractError, unauthorized } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { hashApiToken } from './api-token';
import { consumeApiKeyRate, rateLimitHeaders, type RateLimitState } from './api-key-rate-limit';
import { APPLICATION_MESSAGES as M } from '../applications/application-messages';
import { apiIntegrationOf, type ApplicationRecord } from '../applications/application-record';
import { ApplicationRepository } from '../applications/application-repository';
import { includesApiAccess, planInForce, type PlanInForce } from '../plans/organization-plan';
import { apiAccessQuotaError } from '../plans/plan-errors';
import { warmRead } from '../table/warm-reads';

/** An external client holding an application's token (§17.5): no user, no role, one application. */
export interface ApiKeyCaller {
  kind: 'api-key';
  organization: OrganizationRecord;
  application: ApplicationRecord;
  tokenHash: string;
  /** This call's place in the token's window, for the `X-RateLimit-*` headers. */
  rateLimit: RateLimitState;
  /** The plan read for the API-access check, so a send does not read it again. */
  plan: PlanInForce;
}

export interface ApiKeyRequest {
  apiKey: string;
  /** `{appId}` of the path: a token opens its own application only. */
  applicationId: string | undefined;
  origin: string | undefined;
  /** Creating sessions and sending refuse a disabled application; reading history does not (§17). */
  refuseDisabled: boolean;
}

/**
 * The checks of §17.5 step 3, in its order. An unknown, revoked or foreign token reads the same
 * (401), so a key reveals nothing about other applications; the call counts against the rate limit
 * only once everything else has let it through.
 */
export async function authenticateApiKey(database: DatabasePort, request: ApiKeyRequest): Promise<ApiKeyCaller> {
  const tokenHash = hashApiToken(request.apiKey.trim());
  const { claim, application, organization, plan } = await tokenContext(database, tokenHash);
  if (!claim || claim.applicationId !== request.applicationId) throw unauthorized(M.invalidApiKey);
  const integration = application ? apiIntegrationOf(application) : undefined;
  if (!application || integration?.token_hash !== tokenHash) throw unauthorized(M.invalidApiKey);
  if (!integration.enabled) throw forbidden(M.apiAccessDisabled);
  if (request.refuseDisabled && !application.enabled) throw forbidden(M.disabled);

  if (!organization || !plan) throw unauthorized(M.invalidApiKey);
  if (organization.status !== 'active') throw forbidden(MESSAGES.organizationInactive);
  if (!organizationSettings(organization).security.apiTokensEnabled) throw forbidden(M.apiTokensDisabled);

  // Server-to-server calls send no Origin and are accepted (§1.8).
  if (request.origin !== undefined && request.origin !== '') {
    const allowed = integration.allowed_origins;
    if (!allowed.includes('*') && !allowed.includes(normalizeOrigin(request.origin.trim()))) throw forbidden(M.originNotAllowed);
  }
  if (!includesApiAccess(plan.plan)) throw apiAccessQuotaError();

  const decision = await consumeApiKeyRate(database, tokenHash, integration.rate_limit);
  if (!decision.allowed) {
    throw new ContractError('RATE_LIMITED', M.apiRateLimited(decision.retryAfterSeconds), {
      headers: { 'Retry-After': String(decision.retryAfterSeconds), ...rateLimitHeaders(decision.state) },
    });
  }
  return { kind: 'api-key', organization, application, tokenHash, rateLimit: decision.state, plan };
}

interface TokenContext {
  claim?: { organizationId: string; applicationId: string };
  application?: ApplicationRecord;
  organization?: OrganizationRecord;
  plan?: PlanInForce;
}

/**
 * Everything a token's checks read, as one warm read (table/warm-reads.ts): a client calling
 * many times a second costs the table its rate-limit counter, not five reads a call.
 */
function tokenContext(database: DatabasePort, tokenHash: string): Promise<TokenContext> {
  return warmRead(database, `api-token:${tokenHash}`, async () => {
    const applications = new ApplicationRepository(database);
    const claim = await applications.findTokenClaim(tokenHash);
    if (!claim) return {};
    const application = await applications.get(claim.organizationId, claim.applicationId);
    if (!application) return { claim };
    const organization = await new OrganizationRepository(database).get(application.organization_id);
    if (!organization) return { claim, application };
    return { claim, application, organization, plan: await planInForce(database, organization) };
  });
}
