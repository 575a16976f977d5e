import { ROLES } from '../../../shared/auth/roles';
import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { systemInviteRequestSchema, type SystemInviteRequest } from '../../../shared/api/schemas/organizations';
import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { assertInvitableEmail, inviteUser } from '../../domain/users/user-lifecycle';
import { toUserEntities, userListDefinition } from '../../domain/users/user-list';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { loadUserEntity } from '../../domain/users/user-profile';
import { UserRepository } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, forbidden } from '../../contracts/contract-error';
import { applyListQuery, dataWithPagination, parseListQuery } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { isSystemAdmin, targetOrganization } from './organization-access';

type IdParams = Record<string, string | undefined>;

const usersDefinition = userListDefinition(['full_name', 'email', 'created_at']);
const USER_STATUSES = ['active', 'inactive'];

/** §6.5: the §7.1 list, for any organization a system_admin names. */
export const organizationUsers = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    const { query } = request;
    const listQuery = parseListQuery(query, usersDefinition);
    const role = query.role?.trim().toLowerCase() || undefined;
    if (role && !(ROLES as readonly string[]).includes(role)) throw badRequest(USER_MESSAGES.invalidRole);
    const status = query.status?.trim().toLowerCase() || undefined;
    if (status && !USER_STATUSES.includes(status)) throw badRequest(USER_MESSAGES.invalidStatus);

    const { items, truncated } = await new UserRepository(ports.database).listByOrganization(organization.id);
    const filtered = items.filter((user) => (!role || user.role === role) && (!status || user.status === status));
    const entities = await toUserEntities(ports, organization, filtered);
    return { status: 200, body: dataWithPagination(applyListQuery(entities, listQuery, usersDefinition), (user) => user, truncated) };
  },
});

/** §6.6: every user with role admin, by full name. */
export const organizationAdmins = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    const { items } = await new UserRepository(ports.database).listByOrganization(organization.id);
    const admins = await toUserEntities(ports, organization, items.filter((user) => user.role === 'admin'));
    admins.sort((a, b) => a.full_name.localeCompare(b.full_name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
    return { status: 200, body: { data: admins } };
  },
});

/**
 * §6.7: §7.4 without groups. A system_admin invites into any organization; an admin only into
 * their own, and only when it is a consumer organization (spec 03's exact 403 otherwise).
 */
export const systemInviteUser = implement<SystemInviteRequest, Record<string, string | undefined>, IdParams>({
  body: systemInviteRequestSchema,
  // The organization and the caller's right to invite into it come before the body.
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const organization = await targetOrganization(ports, caller, request.params.id);
    if (!isSystemAdmin(caller) && !isConsumerOrganization(organization)) throw forbidden(ORGANIZATION_MESSAGES.inviteForbidden);
    const value = await request.validBody();
    await assertInvitableEmail(organization, value.email, ports);
    const { user, handOver } = await inviteUser(ports, { organization, invitedBy: caller.user, email: value.email, fullName: value.fullName, role: value.role });
    const entity = await loadUserEntity(ports.database, user, organization);
    // As §7.4: the link comes back when no mail could carry it (user-lifecycle.ts).
    return { status: 201, body: handOver ? { ...entity, invitation_link: handOver } : entity };
  },
});
