import { createPrivateKey, createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  RevokeTokenCommand,
  TooManyRequestsException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { IdentityUnavailableError, InvalidCredentialsError, InvalidTokenError } from '../../contracts/ports/identity';
import { createCognitoIdentity } from './cognito-identity';

const POOL = 'eu-west-1_AbCdEf123';
const CLIENT = 'web-client-id-123';
const ISSUER = `https://cognito-idp.eu-west-1.amazonaws.com/${POOL}`;
const SUB = '6f1c2e0a-0000-4000-8000-000000000001';
const meta = { $metadata: {} };

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateJwk = privateKey.export({ format: 'jwk' });
const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256', use: 'sig' }] } as never;

function sign(payload: Record<string, unknown>, key: JsonWebKey = privateJwk, kid = 'key-1'): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', kid })}.${encode(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(createPrivateKey({ key, format: 'jwk' })).toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const accessClaims = () => ({
  sub: SUB,
  iss: ISSUER,
  client_id: CLIENT,
  token_use: 'access',
  scope: 'openid profile email',
  auth_time: now() - 100,
  iat: now() - 10,
  exp: now() + 3590,
  jti: 'jti-access-1',
  username: SUB,
});
const idClaims = () => ({
  sub: SUB,
  iss: ISSUER,
  aud: CLIENT,
  token_use: 'id',
  auth_time: now() - 100,
  iat: now() - 10,
  exp: now() + 3590,
  // Cognito has put jti (and origin_jti) in its ID tokens since 2023, as in its access tokens.
  jti: 'jti-id-1',
  email: 'ada@example.com',
  email_verified: true,
  'cognito:username': SUB,
  nonce: 'n-1',
});

const cognito = mockClient(CognitoIdentityProviderClient);
const identity = createCognitoIdentity({
  userPoolId: POOL,
  clientId: CLIENT,
  domainUrl: 'https://groundwork-test.auth.eu-west-1.amazoncognito.com/',
  webOrigin: 'https://app.example.com',
  client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }),
  jwks,
});

beforeEach(() => {
  cognito.reset();
});

describe('cognito identity: verify', () => {
  it('maps an access token', async () => {
    const claims = accessClaims();
    await expect(identity.verify(sign(claims))).resolves.toEqual({
      sub: SUB,
      tokenUse: 'access',
      jti: 'jti-access-1',
      exp: claims.exp,
      authTime: claims.auth_time,
      email: undefined,
      emailVerified: undefined,
      identityProvider: 'password',
      nonce: undefined,
    });
  });

  it('maps an ID token, and a Google one by its identities claim', async () => {
    const password = await identity.verify(sign(idClaims()));
    expect(password).toMatchObject({ tokenUse: 'id', email: 'ada@example.com', emailVerified: true, identityProvider: 'password', nonce: 'n-1' });

    const google = await identity.verify(
      sign({
        ...idClaims(),
        email_verified: 'true',
        'cognito:username': 'google_1234567890',
        identities: [{ userId: '1234567890', providerName: 'Google', providerType: 'Google', primary: 'true' }],
      }),
    );
    expect(google).toMatchObject({ identityProvider: 'google', emailVerified: true });

    const googleAccess = await identity.verify(sign({ ...accessClaims(), username: 'Google_1234567890' }));
    expect(googleAccess.identityProvider).toBe('google');
  });

  it('rejects tokens without a jti, exp or numeric auth_time, and dates beyond range, as invalid', async () => {
    const without = (claims: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(claims).filter(([key]) => key !== name));
    for (const claims of [accessClaims(), idClaims()]) {
      for (const forged of [
        without(claims, 'jti'),
        without(claims, 'exp'),
        without(claims, 'auth_time'),
        { ...claims, jti: 42 },
        { ...claims, auth_time: 'yesterday' },
        { ...claims, exp: 1e20 },
        { ...claims, exp: -1e20 },
        { ...claims, nbf: 1e20 },
      ]) {
        await expect(identity.verify(sign(forged)), JSON.stringify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
      }
    }
  });

  it('rejects expired, foreign and forged tokens, honouring the 60 s leeway', async () => {
    await expect(identity.verify(sign({ ...accessClaims(), exp: now() - 61 }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.verify(sign({ ...accessClaims(), exp: now() - 30 }))).resolves.toMatchObject({ sub: SUB });
    await expect(identity.verify(sign({ ...accessClaims(), client_id: 'other-client' }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.verify(sign({ ...idClaims(), aud: 'other-client' }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.verify(sign({ ...accessClaims(), iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other' }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.verify(sign({ ...accessClaims(), token_use: 'refresh' }))).rejects.toBeInstanceOf(InvalidTokenError);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    await expect(identity.verify(sign(accessClaims(), forger))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.verify('garbage')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('cognito identity: sign-in and tokens', () => {
  it('signs in with ADMIN_USER_PASSWORD_AUTH (IAM-authorised; the public client has no password flow)', async () => {
    cognito.on(AdminInitiateAuthCommand).resolves({
      AuthenticationResult: { AccessToken: 'at', IdToken: 'it', RefreshToken: 'rt', ExpiresIn: 3600, TokenType: 'Bearer' },
    });
    await expect(identity.passwordSignIn('ada@example.com', 'secret pass')).resolves.toEqual({
      accessToken: 'at',
      idToken: 'it',
      refreshToken: 'rt',
      expiresIn: 3600,
    });
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0]?.args[0].input).toEqual({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: POOL,
      ClientId: CLIENT,
      AuthParameters: { USERNAME: 'ada@example.com', PASSWORD: 'secret pass' },
    });
  });

  it('maps wrong credentials and provider failures', async () => {
    // The mocked client has one stub for every command, so each case replaces the behaviour.
    cognito.on(AdminInitiateAuthCommand).rejects(new NotAuthorizedException({ message: 'Incorrect username or password.', ...meta }));
    await expect(identity.passwordSignIn('ada@example.com', 'x')).rejects.toBeInstanceOf(InvalidCredentialsError);
    cognito.on(AdminInitiateAuthCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }));
    await expect(identity.passwordSignIn('nobody@example.com', 'x')).rejects.toBeInstanceOf(InvalidCredentialsError);
    cognito.on(AdminInitiateAuthCommand).rejects(new TooManyRequestsException({ message: 'slow down', ...meta }));
    await expect(identity.passwordSignIn('ada@example.com', 'x')).rejects.toBeInstanceOf(IdentityUnavailableError);
    cognito.on(AdminInitiateAuthCommand).rejects(new Error('socket hang up'));
    await expect(identity.passwordSignIn('ada@example.com', 'x')).rejects.toBeInstanceOf(IdentityUnavailableError);
    cognito.on(AdminInitiateAuthCommand).resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
    await expect(identity.passwordSignIn('ada@example.com', 'x')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('refreshes with REFRESH_TOKEN_AUTH and keeps the refresh token', async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: 'at2', IdToken: 'it2', ExpiresIn: 3600 } });
    await expect(identity.refresh('rt-1')).resolves.toEqual({ accessToken: 'at2', idToken: 'it2', refreshToken: 'rt-1', expiresIn: 3600 });
    expect(cognito.commandCalls(InitiateAuthCommand)[0]?.args[0].input).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT,
      AuthParameters: { REFRESH_TOKEN: 'rt-1' },
    });
    cognito.on(InitiateAuthCommand).rejects(new NotAuthorizedException({ message: 'Refresh Token has been revoked', ...meta }));
    await expect(identity.refresh('rt-1')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('revokes one refresh token, and all sessions of a subject', async () => {
    cognito.on(RevokeTokenCommand).resolves({});
    await identity.revokeRefreshToken('rt-9');
    expect(cognito.commandCalls(RevokeTokenCommand)[0]?.args[0].input).toEqual({ Token: 'rt-9', ClientId: CLIENT });

    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    await identity.revokeAllSessions(SUB);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: SUB });

    cognito.on(AdminUserGlobalSignOutCommand).rejects(new TooManyRequestsException({ message: 'x', ...meta }));
    await expect(identity.revokeAllSessions(SUB)).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});

describe('cognito identity: accounts', () => {
  it('creates a verified user without Cognito mail, with a permanent password', async () => {
    cognito.on(AdminCreateUserCommand).resolves({
      User: { Username: SUB, Attributes: [{ Name: 'email', Value: 'ada@example.com' }, { Name: 'sub', Value: SUB }] },
    });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    await expect(identity.createAccount({ email: ' Ada@Example.com', password: 'pw 12345678', fullName: 'Ada Lovelace' })).resolves.toEqual({ sub: SUB });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: 'ada@example.com',
      UserAttributes: [
        { Name: 'email', Value: 'ada@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Ada Lovelace' },
      ],
      MessageAction: 'SUPPRESS',
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: SUB,
      Password: 'pw 12345678',
      Permanent: true,
    });
  });

  it('removes the user again when the password is refused, and passes a duplicate through', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: SUB }] } });
    cognito.on(AdminSetUserPasswordCommand).rejects(new InvalidPasswordException({ message: 'too short', ...meta }));
    cognito.on(AdminDeleteUserCommand).resolves({});
    await expect(identity.createAccount({ email: 'a@example.com', password: 'x', fullName: 'A' })).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: SUB });

    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', ...meta }));
    await expect(identity.createAccount({ email: 'a@example.com', password: 'x', fullName: 'A' })).rejects.toBeInstanceOf(UsernameExistsException);
  });

  it('invites the first administrator: Cognito mails the temporary password; an existing user is kept', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } });
    await expect(identity.inviteAccount!({ email: ' Root@Example.com ', fullName: 'System Administrator' })).resolves.toEqual({ sub: SUB });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: 'root@example.com',
      UserAttributes: [
        { Name: 'email', Value: 'root@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'System Administrator' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);

    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', ...meta }));
    cognito.on(AdminGetUserCommand).resolves({ Username: SUB, UserAttributes: [{ Name: 'sub', Value: 'sub-existing' }] });
    await expect(identity.inviteAccount!({ email: 'root@example.com', fullName: 'System Administrator' })).resolves.toEqual({ sub: 'sub-existing' });
    expect(cognito.commandCalls(AdminGetUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: 'root@example.com' });

    cognito.on(AdminCreateUserCommand).rejects(new TooManyRequestsException({ message: 'x', ...meta }));
    await expect(identity.inviteAccount!({ email: 'root@example.com', fullName: 'S' })).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('sets, checks and deletes', async () => {
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    await identity.setPassword(SUB, 'new password 1');
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: SUB,
      Password: 'new password 1',
      Permanent: true,
    });

    cognito.on(AdminGetUserCommand).resolves({ Username: SUB, UserAttributes: [{ Name: 'email', Value: 'ada@example.com' }] });
    cognito.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', ExpiresIn: 3600 } });
    cognito.on(RevokeTokenCommand).resolves({});
    expect(await identity.checkPassword(SUB, 'new password 1')).toBe(true);
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0]?.args[0].input.AuthParameters).toEqual({ USERNAME: 'ada@example.com', PASSWORD: 'new password 1' });
    expect(cognito.commandCalls(RevokeTokenCommand)[0]?.args[0].input).toEqual({ Token: 'r', ClientId: CLIENT });

    cognito.on(AdminInitiateAuthCommand).rejects(new NotAuthorizedException({ message: 'Incorrect', ...meta }));
    expect(await identity.checkPassword(SUB, 'old password')).toBe(false);
    cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'gone', ...meta }));
    expect(await identity.checkPassword(SUB, 'anything')).toBe(false);

    cognito.on(AdminDeleteUserCommand).resolves({});
    await identity.deleteAccount(SUB);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL, Username: SUB });
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'gone', ...meta }));
    await expect(identity.deleteAccount(SUB)).resolves.toBeUndefined();
  });
});

describe('cognito identity: settings and health', () => {
  it('describes the hosted pages for the web client', () => {
    expect(identity.adapter).toBe('cognito');
    expect(identity.clientSettings()).toEqual({
      authority: ISSUER,
      clientId: CLIENT,
      scope: 'openid profile email',
      resetPasswordUrl:
        'https://groundwork-test.auth.eu-west-1.amazoncognito.com/forgotPassword?client_id=web-client-id-123&response_type=code&scope=openid+profile+email&redirect_uri=https%3A%2F%2Fapp.example.com%2Flogin',
      logoutUrl:
        'https://groundwork-test.auth.eu-west-1.amazoncognito.com/logout?client_id=web-client-id-123&logout_uri=https%3A%2F%2Fapp.example.com%2Flogin',
    });
  });

  it('pings with DescribeUserPool', async () => {
    cognito.on(DescribeUserPoolCommand).resolves({ UserPool: { Id: POOL } });
    await expect(identity.ping()).resolves.toBeUndefined();
    expect(cognito.commandCalls(DescribeUserPoolCommand)[0]?.args[0].input).toEqual({ UserPoolId: POOL });
    cognito.on(DescribeUserPoolCommand).rejects(new Error('timeout'));
    await expect(identity.ping()).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
