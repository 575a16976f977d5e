/** Contract §6 texts, verbatim. */
export const ORGANIZATION_MESSAGES = {
  notFound: 'Organization not found',
  domainRequired: 'Domain is required',
  domainInvalid: 'Domain must be a valid domain name',
  adminFullNameRequired: 'Admin full name is required',
  adminEmailRequired: 'Admin email is required',
  adminEmailDomain: (domain: string) => `Admin email must be from the ${domain} domain`,
  adminPasswordRequired: 'Admin password is required',
  unsupportedCloudProvider: (value: string) => `Unsupported cloud provider: ${value}`,
  invalidStatus: 'Status must be one of active, inactive, suspended',
  /** Not worded by §6; §1.10's enum rule, capitalized like its sibling status text. */
  invalidType: 'Type must be one of consumer, business',
  systemOrganizationDeactivated: 'The system organization cannot be deactivated',
  systemAdminOnly: 'Only a system administrator can change domain, status or type',
  domainTaken: 'An organization with this domain already exists',
  emailTaken: 'A user with this email already exists',
  inviteForbidden: "You don't have permission to invite users to this organization, or this is not a consumer organization.",
  inviteEmailInvalid: 'Please enter a valid email address',
  inviteFullNameRequired: 'Please enter a full name',
  inviteRole: 'Role must be user or admin',
  cloudResourcesUnverifiable: 'Failed to verify cloud resources',
  /** §6.2 names no text for a provider outage; this is spec 03's catalogue text for a failed creation. */
  creationFailed: 'Organization creation failed',
} as const;
