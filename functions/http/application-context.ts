import { satisfiesRoleWord } from '../../shared/auth/roles';
import { accessSubjectOf, canSeeApplication, type AccessSubject } from '../domain/applications/application-access';
import { APPLICATION_MESSAGES as M } from '../domain/applications/application-messages';
import type { ApplicationRecord } from '../domain/applications/application-record';
import { ApplicationRepository } from '../domain/applications/application-repository';
import type { Caller } from './api-types';
import { forbidden, notFound } from '../contracts/contract-error';
import type { Ports } from '../contracts/ports/ports';

/** Admin in the §1.3 sense: role admin, or a system_admin inside the system organization. */
export function isAdminCaller(caller: Caller): boolean {
  return satisfiesRoleWord('admin', { role: caller.user.role, isSystemOrg: caller.organization.is_system_org });
}

export function accessSubjectOfCaller(ports: Ports, caller: Caller): Promise<AccessSubject> {
  return accessSubjectOf(ports.database, { organizationId: caller.organization.id, userId: caller.user.id, role: caller.user.role, isSystemOrg: caller.organization.is_system_org });
}

/** An application of the caller's organization; another organization's id reads exactly as an unknown one (§1.3). */
export async function loadApplication(ports: Ports, organizationId: string, applicationId: string): Promise<ApplicationRecord> {
  const record = await new ApplicationRepository(ports.database).get(organizationId, applicationId);
  if (!record) throw notFound(M.notFound);
  return record;
}

/** An application the caller may see: 404 when it is not the organization's, 403 when it is not shared with them. */
export async function loadVisibleApplication(ports: Ports, caller: Caller, applicationId: string): Promise<{ record: ApplicationRecord; subject: AccessSubject }> {
  const record = await loadApplication(ports, caller.organization.id, applicationId);
  const subject = await accessSubjectOfCaller(ports, caller);
  if (!(await canSeeApplication(ports.database, subject, record))) throw forbidden(M.noAccess);
  return { record, subject };
}
