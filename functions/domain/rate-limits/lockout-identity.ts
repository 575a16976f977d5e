import type { DatabasePort } from '../../contracts/ports/database';
import { InvalidCredentialsError, LoginLockedError, type IdentityPort, type ProviderTokens } from '../../contracts/ports/identity';
import { UserRepository } from '../users/user-repository';
import { attemptPassword } from './password-attempts';

/**
 * A provider whose password checks the product does not run itself (Cognito checks them in its own
 * service) gets the organization's lockout around them here, so §4.1 and §4.11 count the same way
 * on every provider. The embedded issuer applies it where it compares the hash, and is not wrapped:
 * wrapping it as well would count each wrong password twice. Cognito's own hosted page is beyond
 * reach; Cognito's threat protection covers it.
 */
export function withLoginLockout(identity: IdentityPort, database: DatabasePort): IdentityPort {
  return {
    ...identity,

    async passwordSignIn(email: string, password: string): Promise<ProviderTokens> {
      let issued: ProviderTokens | undefined;
      const attempt = await attemptPassword(database, email, async () => {
        try {
          issued = await identity.passwordSignIn(email, password);
          return issued;
        } catch (error) {
          if (error instanceof InvalidCredentialsError) return undefined;
          throw error;
        }
      });
      if (attempt.outcome === 'accepted') return attempt.value;
      if (attempt.outcome === 'rejected') throw new InvalidCredentialsError('Invalid email or password');
      // Cognito signed in before guesses sent alongside locked the email: that session must not live on.
      if (issued?.refreshToken) await identity.revokeRefreshToken(issued.refreshToken).catch(() => undefined);
      throw new LoginLockedError(attempt.retryAfterSeconds);
    },

    async checkPassword(sub: string, password: string): Promise<boolean> {
      const user = await new UserRepository(database).findBySubject(sub);
      // Without a product user nobody can reach §4.11 with this subject: there is no email to count against.
      if (!user) return identity.checkPassword(sub, password);
      const attempt = await attemptPassword(database, user.email, async () => ((await identity.checkPassword(sub, password)) ? true : undefined));
      if (attempt.outcome === 'locked') throw new LoginLockedError(attempt.retryAfterSeconds);
      return attempt.outcome === 'accepted';
    },
  };
}
