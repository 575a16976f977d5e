import { appIdParamsSchema } from '../../../shared/api/schemas/common';
import { grantedGroupsRequestSchema } from '../../../shared/api/schemas/users';
import { APPLICATION_MESSAGES as M } from '../../domain/applications/application-messages';
import { ApplicationRepository } from '../../domain/applications/application-repository';
import { GroupRepository, type GroupRecord } from '../../domain/groups/group-repository';
import { implement, requireCaller } from '../../http/api-types';
import { validationError } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { loadApplication } from '../../http/application-context';

const params = appIdParamsSchema;

/** The admin group first, then by name (spec 03 §4 "Group dialog"). */
function present(groups: GroupRecord[]) {
  return [...groups]
    .sort((a, b) => Number(b.is_admin_group) - Number(a.is_admin_group) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .map((group) => ({ id: group.id, name: group.name, is_admin_group: group.is_admin_group }));
}

async function groupsOf(organizationId: string, applicationId: string) {
  const ports = getPorts();
  const [all, linked] = await Promise.all([
    new GroupRepository(ports.database).listByOrganization(organizationId),
    new ApplicationRepository(ports.database).groupIds(organizationId, applicationId),
  ]);
  const wanted = new Set(linked);
  return present(all.filter((group) => wanted.has(group.id)));
}

/** §16.8. */
export const getApplicationGroups = implement({
  params,
  async handle(request) {
    const caller = requireCaller(request);
    const record = await loadApplication(getPorts(), caller.organization.id, request.params.appId);
    return { status: 200, body: { groups: await groupsOf(caller.organization.id, record.id) } };
  },
});

/** §16.9: replaces the set; the admin group is always kept. Ids of other organizations read as invalid (§1.3). */
export const putApplicationGroups = implement({
  params,
  // The application is found before the body is judged.
  body: grantedGroupsRequestSchema,
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await loadApplication(ports, caller.organization.id, request.params.appId);
    const value = (await request.validBody()).groupIds;
    const groups = await new GroupRepository(ports.database).listByOrganization(caller.organization.id);
    const known = new Set(groups.map((group) => group.id));
    const invalid = value.filter((id) => typeof id !== 'string' || !known.has(id));
    if (invalid.length > 0) throw validationError(invalid.map((id) => ({ field: 'groupIds', message: M.invalidGroup(String(id)) })));
    const adminGroups = groups.filter((group) => group.is_admin_group).map((group) => group.id);
    await new ApplicationRepository(ports.database).replaceGroups(record, [...new Set([...adminGroups, ...(value as string[])])]);
    return { status: 200, body: { groups: await groupsOf(caller.organization.id, record.id), message: M.groupsUpdated } };
  },
});
