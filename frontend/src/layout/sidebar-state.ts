import { useCallback, useState } from 'react';

/** Spec 01 §3/§2.2: the sidebar's collapsed flag and group expansion live in local storage. */
export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';
export const SIDEBAR_GROUPS_KEY = 'sidebarState';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function readGroups(): Record<string, boolean> {
  try {
    const raw = localStorage.getItem(SIDEBAR_GROUPS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    // A hand-edited or corrupt value must not break the shell; start from the defaults.
    return {};
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the preference just does not survive a reload.
  }
}

export interface SidebarState {
  /** The sidebar starts expanded (spec 01 §2.2) until the user collapses it. */
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  /** Undefined when the user never toggled the group. */
  groupOpen: (id: string) => boolean | undefined;
  setGroupOpen: (id: string, open: boolean) => void;
}

export function useSidebarState(): SidebarState {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const [groups, setGroups] = useState(readGroups);

  const setCollapsed = useCallback((value: boolean) => {
    setCollapsedState(value);
    write(SIDEBAR_COLLAPSED_KEY, String(value));
  }, []);

  const setGroupOpen = useCallback((id: string, open: boolean) => {
    setGroups((current) => {
      const next = { ...current, [id]: open };
      write(SIDEBAR_GROUPS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const groupOpen = useCallback((id: string) => groups[id], [groups]);

  return { collapsed, setCollapsed, groupOpen, setGroupOpen };
}
