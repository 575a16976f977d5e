import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { listenOnLoopback, type LoopbackServer } from '../loopback-server';
import { EMULATOR_CREDENTIALS, EMULATOR_REGION } from './emulator-credentials';

export interface CognitoEmulator {
  /** `http://127.0.0.1:<port>`: the SDK's endpoint, and the base of the pool's JWKS. */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The issuer the tokens carry: Cognito's own, so the cloud's CognitoJwtVerifier accepts them. */
  issuer: string;
  stop(): Promise<void>;
}

/**
 * cognito-local derives pool ids as `local_…`, which aws-jwt-verify refuses (it reads the region from
 * the id); a pool file named like a real pool id is picked up at start instead, with the defaults
 * cognito-local gives every pool.
 */
const USER_POOL_ID = `${EMULATOR_REGION}_Rehearse1`;

/**
 * cognito-local 5.3 as a child process (it reads its config and pools from `.cognito/` in its
 * working directory and its port from the environment at load), in a folder of its own. Its tokens
 * are issued as Cognito's (`https://cognito-idp.<region>.amazonaws.com/<pool>`), signed with its
 * key, whose JWKS it serves at `/<pool>/.well-known/jwks.json`.
 */
export async function startCognitoEmulator(): Promise<CognitoEmulator> {
  const directory = mkdtempSync(join(tmpdir(), 'groundwork-cognito-'));
  mkdirSync(join(directory, '.cognito', 'db'), { recursive: true });
  const issuerDomain = `https://cognito-idp.${EMULATOR_REGION}.amazonaws.com`;
  writeFileSync(join(directory, '.cognito', 'config.json'), JSON.stringify({ TokenConfig: { IssuerDomain: issuerDomain } }));
  writeFileSync(join(directory, '.cognito', 'db', `${USER_POOL_ID}.json`), '{}');

  const entry = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, [entry], {
    cwd: directory,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let front: LoopbackServer;
  try {
    front = await answersAsCognito(await startedEndpoint(child));
  } catch (error) {
    child.kill();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = front.origin;

  // The app client the stack creates for the web app (lib/identity): public, no secret, one-hour tokens.
  const client = new CognitoIdentityProviderClient({ endpoint, region: EMULATOR_REGION, credentials: { ...EMULATOR_CREDENTIALS } });
  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: USER_POOL_ID,
      ClientName: 'web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours' },
    }),
  );
  client.destroy();
  const clientId = created.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local created no app client');

  return {
    endpoint,
    userPoolId: USER_POOL_ID,
    clientId,
    issuer: `${issuerDomain}/${USER_POOL_ID}`,
    async stop() {
      await front.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Operations whose answer carries AuthenticationResult. */
const SIGN_IN_TARGETS = /\.(AdminInitiateAuth|InitiateAuth|RespondToAuthChallenge|AdminRespondToAuthChallenge)$/;

/**
 * Where cognito-local's sign-in answers differ from Cognito's, this front answers as Cognito does and
 * passes everything else through:
 * - it leaves ExpiresIn and TokenType out of AuthenticationResult, which Cognito always sends (the
 *   API's sign-in answers expiresIn from it): filled in from the access token;
 * - a wrong password is its InvalidPasswordException, Cognito's NotAuthorizedException ("Incorrect
 *   username or password."; InvalidPasswordException is Cognito's answer to a password the policy refuses).
 */
async function answersAsCognito(upstream: string): Promise<LoopbackServer> {
  const server = await listenOnLoopback(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)).map(([name, value]) => [name, String(value)]));
    const answer = await fetch(`${upstream}${request.url ?? '/'}`, { method: request.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
    let body = Buffer.from(await answer.arrayBuffer());
    const signIn = SIGN_IN_TARGETS.test(String(request.headers['x-amz-target'] ?? ''));
    if (!answer.ok && signIn && (JSON.parse(body.toString('utf8')) as { __type?: string }).__type === 'InvalidPasswordException') {
      body = Buffer.from(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }));
    }
    if (answer.ok && signIn) {
      const parsed = JSON.parse(body.toString('utf8')) as { AuthenticationResult?: { AccessToken?: string; ExpiresIn?: number; TokenType?: string } };
      const result = parsed.AuthenticationResult;
      if (result?.AccessToken) {
        const claims = JSON.parse(Buffer.from(result.AccessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number; iat: number };
        result.ExpiresIn ??= claims.exp - claims.iat;
        result.TokenType ??= 'Bearer';
        body = Buffer.from(JSON.stringify(parsed));
      }
    }
    response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(body);
  });
  return server;
}

/** Waits for cognito-local's "running on http://host:port" line (port 0 lets it pick a free one). */
function startedEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // eslint-disable-next-line no-control-regex
      const match = /running on (http:\/\/[\d.]+:\d+)/.exec(output.replace(/\u001b\[[0-9;]*m/g, ''));
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`cognito-local exited with ${code} before it listened:\n${output}`)));
  });
}
