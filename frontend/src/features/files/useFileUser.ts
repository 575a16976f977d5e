import { useCallback } from 'react';
import { useSession } from '../../auth/SessionProvider';
import type { DataSourceItem } from './types';

/**
 * Who is looking at the file manager, as its rules need it: contract §1.3 counts a system_admin as
 * admin inside the system organization, and §9 lets an admin or the owner manage an item.
 */
export function useFileUser() {
  const { user } = useSession();
  const isAdmin = Boolean(user && (user.role === 'admin' || (user.role === 'system_admin' && user.isSystemOrg)));
  const userId = user?.id;
  const canManage = useCallback(
    (item: Pick<DataSourceItem, 'canManage' | 'created_by'>) => item.canManage ?? (isAdmin || (Boolean(userId) && item.created_by === userId)),
    [isAdmin, userId],
  );
  return { user, isAdmin, canManage, viewer: userId ? { id: userId, isAdmin } : undefined };
}
