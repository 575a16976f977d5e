import type { GroupRef } from './types';

/**
 * Spec 03 §4 group dialog. `initial` is what the application has; `chosen` what the dialog would
 * save. Admin groups are always chosen. A group added here shows New; a group the application had
 * and the dialog dropped stays listed, unticked, with Removed, so the change can be undone.
 */
export interface SelectionRow {
  group: GroupRef;
  checked: boolean;
  badge?: 'New' | 'Removed';
  /** Admin groups cannot be removed. */
  fixed: boolean;
}

const byName = (a: GroupRef, b: GroupRef) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
const adminFirst = (a: GroupRef, b: GroupRef) => Number(b.is_admin_group) - Number(a.is_admin_group) || byName(a, b);

/** Selected groups: admin groups first, then by name. */
export function selectedRows(all: GroupRef[], initial: ReadonlySet<string>, chosen: ReadonlySet<string>): SelectionRow[] {
  return all
    .filter((group) => group.is_admin_group || initial.has(group.id) || chosen.has(group.id))
    .sort(adminFirst)
    .map((group) => {
      const fixed = group.is_admin_group;
      const checked = fixed || chosen.has(group.id);
      const badge = fixed ? undefined : checked && !initial.has(group.id) ? 'New' : !checked && initial.has(group.id) ? 'Removed' : undefined;
      return { group, checked, fixed, ...(badge ? { badge } : {}) };
    });
}

/** Available groups: non-admin, neither had nor chosen, matching the search (name), by name. */
export function availableGroups(all: GroupRef[], initial: ReadonlySet<string>, chosen: ReadonlySet<string>, search: string): GroupRef[] {
  const needle = search.trim().toLowerCase();
  return all
    .filter((group) => !group.is_admin_group && !initial.has(group.id) && !chosen.has(group.id))
    .filter((group) => !needle || group.name.toLowerCase().includes(needle))
    .sort(byName);
}

/** What the dialog saves: the chosen groups with every admin group kept (the server keeps it too). */
export function groupIdsToSave(all: GroupRef[], chosen: ReadonlySet<string>): string[] {
  const admin = all.filter((group) => group.is_admin_group).map((group) => group.id);
  return [...new Set([...admin, ...chosen])];
}
