import { defaultSecuritySettings, isConsumerOrganization, isIpAllowed, SECURITY_SETTINGS_MESSAGES } from '../../../shared/rules/organization-settings';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { mergeAuthSettings, mergeSecuritySettings, securityCandidateProblems } from '../../domain/organizations/settings-input';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, validationError } from '../../contracts/contract-error';
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

/** §6.13: merged over the saved settings, then validated as a whole. */
export const putAuthSettings = implement<unknown, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    const { settings, problems } = mergeAuthSettings(organizationSettings(organization).auth, request.body, isConsumerOrganization(organization));
    if (problems.length > 0) throw validationError(problems);
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
export const putSecuritySettings = implement<unknown, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const organization = await targetOrganization(ports, caller, request.params.id);
    const problems = securityCandidateProblems(request.body);
    if (problems.length > 0) throw validationError(problems);
    const settings = mergeSecuritySettings(organizationSettings(organization).security, request.body);
    if (organization.id === caller.organization.id && !isIpAllowed(request.sourceIp, settings.ipAllowlist)) {
      throw badRequest(SECURITY_SETTINGS_MESSAGES.mustIncludeCaller);
    }
    await new OrganizationRepository(ports.database).saveSecuritySettings(organization.id, settings);
    return { status: 200, body: settings };
  },
});

/** §6.16: 200 whatever the verdict; nothing is saved. */
export const validateSecuritySettings = implement<unknown, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    const errors = securityCandidateProblems(request.body);
    return { status: 200, body: { valid: errors.length === 0, errors } };
  },
});

/** §6.17. */
export const securitySettingsDefaults = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: defaultSecuritySettings() };
  },
});
