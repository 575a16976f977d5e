import type { CloudResources } from '../../domain/cloud-resources/cloud-resources';
import { describeManyCloudResources } from '../../domain/cloud-resources/cloud-resources-view';
import { toOrganizationEntity } from '../../domain/organizations/organization-entity';
import { ORGANIZATION_STATUSES } from '../../../shared/api/schemas/organizations';
import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import { implement } from '../../http/api-types';
import { badRequest } from '../../contracts/contract-error';
import { applyListQuery, dataWithPagination, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';

/** User counts are one COUNT Query per organization; a few at a time keeps the table unthrottled. */
const COUNT_CONCURRENCY = 8;

async function countUsersOf(repository: OrganizationRepository, organizations: OrganizationRecord[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < organizations.length) {
      const organization = organizations[next++] as OrganizationRecord;
      counts.set(organization.id, await repository.countUsers(organization.id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(COUNT_CONCURRENCY, organizations.length) }, worker));
  return counts;
}

function definition(counts: Map<string, number> | undefined): ListDefinition<OrganizationRecord> {
  return {
    sortFields: {
      name: (organization) => organization.name,
      createdAt: (organization) => organization.createdAt,
      user_count: (organization) => counts?.get(organization.id) ?? 0,
    },
    defaultSortBy: 'createdAt',
    defaultSortOrder: 'desc',
    searchText: (organization) => [organization.name, organization.domain],
    id: (organization) => organization.id,
  };
}

/**
 * §6.1. Counting users costs a Query per organization, so counts are taken for every organization
 * only when the list is sorted by them, and otherwise for the page alone.
 */
export const listOrganizations = implement({
  async handle({ query }) {
    const listQuery = parseListQuery(query, definition(undefined));
    const status = query.status?.trim().toLowerCase() || undefined;
    if (status && !(ORGANIZATION_STATUSES as readonly string[]).includes(status)) throw badRequest(ORGANIZATION_MESSAGES.invalidStatus);

    const ports = getPorts();
    const repository = new OrganizationRepository(ports.database);
    const { items, truncated } = await repository.listAll();
    const filtered = status ? items.filter((organization) => organization.status === status) : items;
    const allCounts = listQuery.sortBy === 'user_count' ? await countUsersOf(repository, filtered) : undefined;
    const page = applyListQuery(filtered, listQuery, definition(allCounts));
    const [counts, resources] = await Promise.all([allCounts ?? countUsersOf(repository, page.items), describeManyCloudResources(ports, page.items)]);
    return {
      status: 200,
      // Every page item has an entry: describeManyCloudResources fills in the unprovisioned ones.
      body: dataWithPagination(page, (organization) => toOrganizationEntity(organization, counts.get(organization.id) ?? 0, resources.get(organization.id) as CloudResources), truncated),
    };
  },
});
