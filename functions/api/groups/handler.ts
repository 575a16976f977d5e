import { createFamilyHandler } from '../../http/family-handler';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './group-routes';
import { addMember, listMembers, removeMember } from './member-routes';

/** Groups (contract §8). The role gate comes from the route table; the finer rules live in each route. */
export const handler = createFamilyHandler('groups', {
  'groups.list': listGroups,
  'groups.create': createGroup,
  'groups.get': getGroup,
  'groups.update': updateGroup,
  'groups.delete': deleteGroup,
  'groups.members': listMembers,
  'groups.addMember': addMember,
  'groups.removeMember': removeMember,
});
