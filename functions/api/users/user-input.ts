import type { ValidationDetail } from '../../../shared/api/errors';
import { emailField, FIELD_MESSAGES, fullNameField } from '../../../shared/rules/fields';
import { GroupRepository } from '../../domain/groups/group-repository';
import type { OrganizationRecord } from '../../domain/organizations/organization-repository';
import { emailDomainProblem } from '../../domain/users/user-lifecycle';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { validationError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

export const SETTABLE_ROLES = ['user', 'admin', 'rag_user'] as const;
export type SettableRole = (typeof SETTABLE_ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type SettableStatus = (typeof USER_STATUSES)[number];

/** More than the contract's 50 group ids (§7.4). */
export const MAX_GROUP_IDS = 50;
export const TOO_MANY_GROUPS = `At most ${MAX_GROUP_IDS} group IDs are allowed`;

export interface UserInput {
  email?: string;
  fullName?: string;
  status?: SettableStatus;
  role?: SettableRole;
  groupIds?: string[];
}

type Field = 'email' | 'fullName' | 'groupIds' | 'status' | 'role';

/**
 * Validates the invite (§7.4) and update (§7.5) bodies, collecting every problem in the order the
 * contract lists the fields. Group ids are checked against the caller's organization, so a foreign
 * id reads as invalid (§1.3). Fields outside `required` may be absent.
 */
export async function parseUserInput(
  ports: Ports,
  organization: OrganizationRecord,
  raw: unknown,
  options: { required: readonly Field[]; order: readonly Field[] },
): Promise<UserInput> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const details: ValidationDetail[] = [];
  const input: UserInput = {};
  const present = (field: Field) => body[field] !== undefined || options.required.includes(field);

  const checks: Record<Field, () => Promise<void>> = {
    email: async () => {
      const parsed = emailField().safeParse(body.email);
      if (!parsed.success) return void details.push({ field: 'email', message: parsed.error.issues[0]?.message ?? FIELD_MESSAGES.emailInvalid });
      const problem = emailDomainProblem(organization, parsed.data);
      if (problem) return void details.push({ field: 'email', message: problem });
      input.email = parsed.data;
    },
    fullName: async () => {
      const parsed = fullNameField().safeParse(body.fullName);
      if (!parsed.success) return void details.push({ field: 'fullName', message: parsed.error.issues[0]?.message ?? FIELD_MESSAGES.fullNameRequired });
      input.fullName = parsed.data;
    },
    groupIds: async () => {
      // The documents' snake_case name is accepted too; the contract's wins when both are sent.
      const value = body.groupIds ?? body.group_ids;
      if (value === null) return void (input.groupIds = []);
      if (!Array.isArray(value)) return void details.push({ field: 'groupIds', message: USER_MESSAGES.invalidGroupId(String(value)) });
      if (value.length > MAX_GROUP_IDS) return void details.push({ field: 'groupIds', message: TOO_MANY_GROUPS });
      const known = new Set((await new GroupRepository(ports.database).listByOrganization(organization.id)).map((group) => group.id));
      const invalid = value.filter((id) => typeof id !== 'string' || !known.has(id));
      for (const id of invalid) details.push({ field: 'groupIds', message: USER_MESSAGES.invalidGroupId(String(id)) });
      if (invalid.length === 0) input.groupIds = [...new Set(value as string[])];
    },
    status: async () => {
      const value = typeof body.status === 'string' ? body.status.trim().toLowerCase() : body.status;
      if (!(USER_STATUSES as readonly unknown[]).includes(value)) return void details.push({ field: 'status', message: USER_MESSAGES.invalidStatus });
      input.status = value as SettableStatus;
    },
    role: async () => {
      // Roles compare case-insensitively (§1.3); system_admin is never settable here.
      const value = typeof body.role === 'string' ? body.role.trim().toLowerCase() : body.role;
      if (!(SETTABLE_ROLES as readonly unknown[]).includes(value)) return void details.push({ field: 'role', message: USER_MESSAGES.invalidRole });
      input.role = value as SettableRole;
    },
  };

  for (const field of options.order) {
    const groupIdsSent = field === 'groupIds' && (body.groupIds !== undefined || body.group_ids !== undefined);
    if (present(field) || groupIdsSent) await checks[field]();
  }
  if (details.length > 0) throw validationError(details);
  return input;
}
