import { EXTERNAL_USER_ID_PATTERN } from '../../../shared/rules/chat';
import { WHOLE_APPLICATION, type AccessSubject } from '../../domain/applications/application-access';
import type { ApplicationRecord } from '../../domain/applications/application-record';
import { CHAT_MESSAGES } from '../../domain/chat/chat-messages';
import type { SessionOwner } from '../../domain/chat/session-repository';
import type { OrganizationRecord } from '../../domain/organizations/organization-repository';
import type { ApiEvent, Caller } from '../../http/api-types';
import { apiKeyCallerOf } from '../../http/authentication';
import { badRequest } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { loadVisibleApplication } from '../../http/application-context';
import type { PlanInForce } from '../../domain/plans/organization-plan';

/** Who is chatting with which application, and whose sessions they reach (§17 "Identity"). */
export interface ChatParty {
  organization: OrganizationRecord;
  application: ApplicationRecord;
  owner: SessionOwner;
  /** Which of the application's knowledge bases retrieval may use: an API key uses all of them. */
  subject: AccessSubject;
  /** The signed-in user, for the per-user send limit; absent for API keys, limited per token instead. */
  user?: Caller['user'];
  /** Already read for an API key's access check (§17.5); a send reads it otherwise. */
  plan?: PlanInForce;
}

/** `X-User-ID` of an API-key call: required, 1–128 of `[A-Za-z0-9._:@-]`. */
function externalUserId(headers: Record<string, string | undefined>): string {
  const value = headers['x-user-id'];
  if (value === undefined || value.trim() === '') throw badRequest(CHAT_MESSAGES.userIdRequired);
  if (!EXTERNAL_USER_ID_PATTERN.test(value.trim())) throw badRequest(CHAT_MESSAGES.userIdInvalid);
  return value.trim();
}

/**
 * With a bearer token the owner is the signed-in user on the `web` channel, and `X-User-ID` is
 * ignored. With an API key the owner is `X-User-ID` on the `api` channel, so it can never reach a
 * user's web or Slack sessions, whatever value it carries.
 */
export async function chatPartyOf(ports: Ports, request: { caller: Caller | undefined; event: ApiEvent; headers: Record<string, string | undefined> }, applicationId: string): Promise<ChatParty> {
  const apiKey = apiKeyCallerOf(request.event);
  if (apiKey) {
    const userId = externalUserId(request.headers);
    return {
      organization: apiKey.organization,
      application: apiKey.application,
      owner: { organizationId: apiKey.organization.id, applicationId: apiKey.application.id, channel: 'api', userId },
      subject: WHOLE_APPLICATION,
      plan: apiKey.plan,
    };
  }
  const caller = request.caller as Caller;
  const { record, subject } = await loadVisibleApplication(ports, caller, applicationId);
  return {
    organization: caller.organization,
    application: record,
    owner: { organizationId: caller.organization.id, applicationId: record.id, channel: 'web', userId: caller.user.id },
    subject,
    user: caller.user,
  };
}
