import type { GroupRecord } from '../../domain/groups/group-repository';

/** The Group entity (contract §2). */
export interface Group {
  id: string;
  name: string;
  description: string;
  member_count: number;
  is_admin_group: boolean;
  created_at: string;
  updated_at: string;
}

export function toGroupEntity(group: GroupRecord, memberCount: number): Group {
  return {
    id: group.id,
    name: group.name,
    description: group.description ?? '',
    member_count: memberCount,
    is_admin_group: group.is_admin_group,
    created_at: group.created_at,
    updated_at: group.updated_at,
  };
}
