import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { createOrganization } from '../../domain/organizations/create-organization';
import { toOrganizationEntity } from '../../domain/organizations/organization-entity';
import {
  createOrganizationRequestSchema,
  updateOrganizationRequestSchema,
  type NewOrganization,
  type UpdateOrganizationRequest,
} from '../../../shared/api/schemas/organizations';
import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { DomainTakenError, OrganizationRepository } from '../../domain/organizations/organization-repository';
import { loadUserEntity } from '../../domain/users/user-profile';
import { EmailTakenError } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { conflict, forbidden, upstreamError } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { IdentityUnavailableError } from '../../contracts/ports/identity';
import { isSystemAdmin, restrictedChanges, targetOrganization } from './organization-access';
import { presentOrganization } from './organization-view';

type IdParams = Record<string, string | undefined>;

/** §6.2: the body schema is the one the web client's form checks with. */
export const createOrganizationRoute = implement<NewOrganization>({
  body: createOrganizationRequestSchema,
  async handle({ body }) {
    const ports = getPorts();
    let created;
    try {
      created = await createOrganization(ports, body);
    } catch (error) {
      if (error instanceof DomainTakenError) throw conflict(ORGANIZATION_MESSAGES.domainTaken);
      if (error instanceof EmailTakenError) throw conflict(ORGANIZATION_MESSAGES.emailTaken);
      // Nothing is left behind (see createOrganization), so the system admin can simply retry.
      if (error instanceof IdentityUnavailableError) throw upstreamError(ORGANIZATION_MESSAGES.creationFailed);
      throw error;
    }
    const { organization, adminUser, cloudResources } = created;
    return {
      status: 201,
      body: {
        // Its one user is the admin just created; no need to count.
        organization: toOrganizationEntity(organization, 1, cloudResources),
        adminUser: await loadUserEntity(ports.database, adminUser, organization),
        cloudResources,
      },
    };
  },
});

/** §6.3. */
export const getOrganization = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    return { status: 200, body: await presentOrganization(ports, organization) };
  },
});

/**
 * §6.4. Checked in this order: whose organization it is (404), who may change what (403), the
 * values (400), then the domain claim (409). A system_admin changes any field of any organization;
 * an admin only renames their own.
 */
export const updateOrganization = implement<UpdateOrganizationRequest, Record<string, string | undefined>, IdParams>({
  body: () => updateOrganizationRequestSchema(),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const current = await targetOrganization(ports, caller, request.params.id);
    // Judged on the body as sent, before its values are.
    if (!isSystemAdmin(caller) && restrictedChanges(request.body, current).length > 0) throw forbidden(ORGANIZATION_MESSAGES.systemAdminOnly);
    const changes = await request.validBody(updateOrganizationRequestSchema({ isSystemOrganization: current.is_system_org }));
    let updated = current;
    if (Object.keys(changes).length > 0) {
      try {
        updated = await new OrganizationRepository(ports.database).update(current, changes);
      } catch (error) {
        if (error instanceof DomainTakenError) throw conflict(ORGANIZATION_MESSAGES.domainTaken);
        throw error;
      }
    }
    // A status change needs nothing more: every bearer request reloads the organization (§1.2).
    return { status: 200, body: await presentOrganization(ports, updated) };
  },
});

/** §6.18. */
export const isConsumer = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const organization = await targetOrganization(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: { isConsumer: isConsumerOrganization(organization) } };
  },
});
