import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import { InvalidCredentialsError, LoginLockedError, type IdentityPort, type ProviderTokens } from '../../contracts/ports/identity';
import { withLoginLockout } from './lockout-identity';

/** Gets, puts and deletes by key: all the lockout counter and the user lookups need. */
function memoryDatabase(): DatabasePort {
  const items = new Map<string, Record<string, unknown>>();
  const id = (key: Record<string, unknown> | undefined) => `${key?.PK}|${key?.SK}`;
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GetCommand) return { Item: items.get(id(command.input.Key)) };
      if (command instanceof PutCommand) {
        const item = command.input.Item as Record<string, unknown>;
        items.set(id(item), item);
        return {};
      }
      if (command instanceof DeleteCommand) {
        items.delete(id(command.input.Key));
        return {};
      }
      throw new Error(`Unexpected command ${(command as object).constructor.name}`);
    },
  };
  return { adapter: 'dynamodb-local', client, tableName: 't', ping: async () => undefined } as unknown as DatabasePort;
}

const TOKENS: ProviderTokens = { accessToken: 'a', idToken: 'i', refreshToken: 'r', expiresIn: 3600 };

/** Cognito as far as password checks go: one right password. */
function provider(rightPassword: string): IdentityPort & { checks: number } {
  const fake = {
    checks: 0,
    async passwordSignIn(_email: string, password: string) {
      fake.checks += 1;
      if (password !== rightPassword) throw new InvalidCredentialsError('Invalid email or password');
      return TOKENS;
    },
  };
  return fake as unknown as IdentityPort & { checks: number };
}

describe('the login lockout around a provider that checks passwords itself (Cognito)', () => {
  it('counts wrong passwords and refuses a locked email with the right one, without asking the provider', async () => {
    const cognito = provider('right');
    const identity = withLoginLockout(cognito, memoryDatabase());
    // An unknown organization: the default policy, 5 attempts.
    for (let i = 0; i < 5; i += 1) await expect(identity.passwordSignIn('ada@example.com', 'wrong')).rejects.toBeInstanceOf(InvalidCredentialsError);
    const checks = cognito.checks;
    const locked = identity.passwordSignIn('ADA@example.com ', 'right');
    await expect(locked).rejects.toBeInstanceOf(LoginLockedError);
    await expect(locked).rejects.toMatchObject({ retryAfterSeconds: 15 * 60 });
    expect(cognito.checks).toBe(checks);
  });

  it('a right password before the lock forgives the failures', async () => {
    const identity = withLoginLockout(provider('right'), memoryDatabase());
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) await expect(identity.passwordSignIn('bob@example.com', 'wrong')).rejects.toBeInstanceOf(InvalidCredentialsError);
      await expect(identity.passwordSignIn('bob@example.com', 'right')).resolves.toEqual(TOKENS);
    }
  });
});
