import type { UserRequestContext } from '../../../shared/api/schemas/users';
import { GroupRepository } from '../../domain/groups/group-repository';
import { emailDomainProblem } from '../../domain/users/user-lifecycle';
import type { Caller } from '../../http/api-types';
import type { Ports } from '../../contracts/ports/ports';

/** What the user bodies' schemas check against: the caller organization's domain rule and groups. */
export async function userRequestContext(ports: Ports, caller: Caller | undefined): Promise<UserRequestContext> {
  if (!caller) throw new Error('The user bodies need the caller');
  const { organization } = caller;
  return {
    emailProblem: (email) => emailDomainProblem(organization, email),
    groupIds: new Set((await new GroupRepository(ports.database).listByOrganization(organization.id)).map((group) => group.id)),
  };
}
