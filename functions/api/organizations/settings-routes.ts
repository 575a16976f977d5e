import {
  authSettingsRequestSchema,
  securitySettingsCandidateSchema,
  securitySettingsRequestSchema,
  type AuthSettingsRequest,
  type SecuritySettingsRequest,
  type SecuritySettingsVerdict,
} from '../../../shared/api/schemas/organizations';
import { defaultSecuritySettings, isConsumerOrganization, isIpAllowed, SECURITY_SETTINGS_MESSAGES } from '../../../shared/rules/organization-settings';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { mergeAuthSettings, mergeSecuritySettings } from '../../domain/organizations/settings-merge';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { targetOrganization } from './organization-access';

type IdParams = Record<string, string | undefined>;

/** §6.12. */
export const getAuthSettings = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const organization = await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: organizationSettings(organization).auth };
  },
});

/** §6.13: merged over the saved settings, then validated as a whole, once the organization is found. */
export const putAuthSettings = implement<AuthSettingsRequest, Record<string, string | undefined>, IdParams>({
  body: () => authSettingsRequestSchema(),
  deferBody: true,
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    const current = organizationSettings(organization).auth;
    const isConsumer = isConsumerOrganization(organization);
    const body = await request.validBody(authSettingsRequestSchema({ merged: (changes) => mergeAuthSettings(current, changes, isConsumer) }));
    const settings = mergeAuthSettings(current, body, isConsumer);
    await new OrganizationRepository(ports.database).saveAuthSettings(organization.id, settings);
    return { status: 200, body: settings };
  },
});

/** §6.14. */
export const getSecuritySettings = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const organization = await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: organizationSettings(organization).security };
  },
});

/**
 * §6.15. The allowlist safety rule guards the caller against locking themselves out, so it applies
 * when the caller belongs to the organization being changed: that is the only allowlist their own
 * requests are checked against (§1.2). A system_admin setting a customer's office range from
 * elsewhere is not refused.
 */
export const putSecuritySettings = implement<SecuritySettingsRequest, Record<string, string | undefined>, IdParams>({
  body: securitySettingsRequestSchema,
  // The organization is found before the body is judged.
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const organization = await targetOrganization(ports, caller, request.params.id);
    const settings = mergeSecuritySettings(organizationSettings(organization).security, await request.validBody());
    if (organization.id === caller.organization.id && !isIpAllowed(request.sourceIp, settings.ipAllowlist)) {
      throw badRequest(SECURITY_SETTINGS_MESSAGES.mustIncludeCaller);
    }
    await new OrganizationRepository(ports.database).saveSecuritySettings(organization.id, settings);
    return { status: 200, body: settings };
  },
});

/** §6.16: 200 whatever the verdict (the candidate's schema answers with it); nothing is saved. */
export const validateSecuritySettings = implement<SecuritySettingsVerdict, Record<string, string | undefined>, IdParams>({
  body: securitySettingsCandidateSchema,
  deferBody: true,
  async handle(request) {
    await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: await request.validBody() };
  },
});

/** §6.17. */
export const securitySettingsDefaults = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: defaultSecuritySettings() };
  },
});
