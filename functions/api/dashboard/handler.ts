import { resourceGraph } from '../../domain/dashboard/resource-graph';
import { implement, requireCaller } from '../../http/api-types';
import { createFamilyHandler } from '../../http/family-handler';
import { getPorts } from '../../contracts/ports/ports';

/** §22.1: the caller's view of sources, knowledge bases and applications and their links. */
const resources = implement({
  async handle(request) {
    const { user, organization } = requireCaller(request);
    const graph = await resourceGraph(getPorts().database, { organizationId: organization.id, userId: user.id, role: user.role, isSystemOrg: organization.is_system_org });
    return { status: 200, body: graph };
  },
});

/** Dashboard (contract §22). */
export const handler = createFamilyHandler('dashboard', { 'dashboard.resources': resources });
