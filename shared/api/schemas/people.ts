import { z } from 'zod';
import { isoDate } from './common';
import { CLOUD_PROVIDERS, ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from './organizations';

/**
 * The people-and-tenancy entities of contract §2 as the API answers them (§5–§8). The web client
 * takes its types from here; fields marked optional are ones an answer may leave out.
 */

/** §1.5. */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** §1.5: groups, users, organizations, organization users and group members. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema, truncated: z.boolean().optional() });
}
export type PagedList<T> = z.infer<ReturnType<typeof pagedListSchema<z.ZodType<T>>>>;

/** §2 Group. */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  member_count: z.number().int(),
  is_admin_group: z.boolean(),
  created_at: isoDate.optional(),
  updated_at: isoDate.optional(),
});
export type Group = z.infer<typeof groupSchema>;

export const CLOUD_RESOURCES_STATUSES = ['ready', 'provisioning', 'failed'] as const;
export type CloudResourcesStatus = (typeof CLOUD_RESOURCES_STATUSES)[number];

/** §2 CloudResources. */
export const cloudResourcesSchema = z.object({
  provider: z.enum(CLOUD_PROVIDERS),
  region: z.string().optional(),
  bucketName: z.string().optional(),
  auditBucketName: z.string().optional(),
  status: z.enum(CLOUD_RESOURCES_STATUSES),
  error: z.string().nullable().optional(),
  createdAt: isoDate.optional(),
  checkedAt: isoDate.nullable().optional(),
});
export type CloudResources = z.infer<typeof cloudResourcesSchema>;

/** §6.11: the live check. */
export const cloudResourcesCheckSchema = z.object({
  status: z.enum([...CLOUD_RESOURCES_STATUSES, 'missing']),
  checkedAt: isoDate,
  resources: z.array(z.object({ name: z.string(), kind: z.string(), exists: z.boolean(), encrypted: z.boolean(), versioning: z.boolean() })),
  error: z.string().nullable().optional(),
});
export type CloudResourcesCheck = z.infer<typeof cloudResourcesCheckSchema>;

/** §2 Organization; the list (§6.1) adds `user_count`, the details (§6.3) the cloud resources' summary. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  type: z.enum(ORGANIZATION_TYPES),
  is_system_org: z.boolean().optional(),
  isConsumer: z.boolean().optional(),
  user_count: z.number().int().optional(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
  cloudResources: cloudResourcesSchema.partial().optional(),
});
export type Organization = z.infer<typeof organizationSchema>;
