import type { DatabasePort } from '../../contracts/ports/database';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { UserRepository, type AuthProvider, type UserRecord } from '../users/user-repository';

/**
 * User resolution step 3 (contract §4): a provider account with no product user joins its sign-up
 * organization with that organization's default role, already linked to the subject. The provider
 * holds the person's name, not the token, so the name starts as the email's local part; the user
 * can change it in the profile.
 */
export async function createJustInTimeUser(
  database: DatabasePort,
  organization: OrganizationRecord,
  input: { email: string; subject: string; provider: AuthProvider },
): Promise<UserRecord> {
  const email = input.email.trim().toLowerCase();
  return new UserRepository(database).create({
    organization_id: organization.id,
    email,
    full_name: email.slice(0, email.indexOf('@')) || email,
    role: organizationSettings(organization).auth.defaultRole,
    status: 'active',
    auth_providers: [input.provider],
    subject: input.subject,
  });
}
