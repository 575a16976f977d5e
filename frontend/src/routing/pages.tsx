import type { ComponentType } from 'react';

/**
 * Real pages by route pattern. A route without an entry renders the generic placeholder titled from the
 * route table; each later feature registers its page here instead of touching the router.
 */
export const PAGES: Partial<Record<string, ComponentType>> = {};
