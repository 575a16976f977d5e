import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** Cognito lets a pool issue ID and access tokens for a day at most; the embedded issuer, an hour. */
export const MAX_TOKEN_LIFETIME_S = 24 * 3600;
/** Far beyond any provider's ids, and short enough for a DynamoDB key (the logout denylist). */
const MAX_JTI_LENGTH = 256;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The claims the API relies on in every token, which aws-jwt-verify does not insist on: it lets a
 * token without `exp` through, and treats `jti` and `auth_time` as any other claim. Without `jti`
 * a token cannot be denylisted at logout, without `exp` it would never expire, and without a
 * numeric `auth_time` it would escape the organization's `sessionMaxAgeHours` (contract §1.2).
 * Both providers put all three in every token they issue; only a token minted some other way
 * lacks one. Returns why the token is refused, or undefined.
 */
export function tokenClaimProblem(payload: JwtPayload, nowSeconds = Date.now() / 1000): string | undefined {
  const { jti, exp, auth_time: authTime } = payload;
  if (typeof jti !== 'string' || !jti || jti.length > MAX_JTI_LENGTH) return 'token has no usable jti';
  if (!isFiniteNumber(exp)) return 'token has no numeric exp';
  if (exp > nowSeconds + MAX_TOKEN_LIFETIME_S) return 'token expires later than any provider issues';
  if (!isFiniteNumber(authTime)) return 'token has no numeric auth_time';
  return undefined;
}
