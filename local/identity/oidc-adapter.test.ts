import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDbOidcAdapter, revokeAccountArtifacts } from './oidc-adapter';
import { startTestDatabase, type TestDatabase } from '../../test/support/identity/test-environment';

let db: TestDatabase;
const adapter = (model: string) => new DynamoDbOidcAdapter(db.database, model);

beforeAll(async () => {
  db = await startTestDatabase();
}, 90_000);

afterAll(async () => {
  await db?.stop();
});

describe('DynamoDbOidcAdapter', () => {
  it('stores the payload as JSON under OIDC#<Model>#<id> with a TTL from expiresIn', async () => {
    const before = Math.floor(Date.now() / 1000);
    await adapter('RefreshToken').upsert('rt-1', { jti: 'rt-1', grantId: 'g-1', accountId: 'acc-1', kind: 'RefreshToken' }, 600);
    const { Item } = await db.database.client.send(
      new GetCommand({ TableName: db.database.tableName, Key: { PK: 'OIDC#RefreshToken#rt-1', SK: 'OIDC' } }),
    );
    expect(Item).toMatchObject({ GSI1PK: 'OIDC_GRANT#g-1', GSI1SK: 'RefreshToken#rt-1', model: 'RefreshToken' });
    expect(JSON.parse(String(Item?.payload))).toEqual({ jti: 'rt-1', grantId: 'g-1', accountId: 'acc-1', kind: 'RefreshToken' });
    expect(Item?.ttl).toBeGreaterThanOrEqual(before + 600);
    expect(Item?.ttl).toBeLessThanOrEqual(before + 602);
    expect(await adapter('RefreshToken').find('rt-1')).toEqual({ jti: 'rt-1', grantId: 'g-1', accountId: 'acc-1', kind: 'RefreshToken' });
    expect(await adapter('AccessToken').find('rt-1')).toBeUndefined();
  });

  it('marks a token consumed without losing its payload, and ignores a missing one', async () => {
    await adapter('AuthorizationCode').upsert('code-1', { jti: 'code-1', grantId: 'g-2' }, 60);
    await adapter('AuthorizationCode').consume('code-1');
    const found = await adapter('AuthorizationCode').find('code-1');
    expect(found?.jti).toBe('code-1');
    expect(found?.consumed).toBeGreaterThan(Date.now() / 1000 - 10);
    await adapter('AuthorizationCode').consume('missing');
    expect(await adapter('AuthorizationCode').find('missing')).toBeUndefined();
  });

  it('treats an item past its ttl as gone before DynamoDB deletes it', async () => {
    await db.database.client.send(
      new PutCommand({
        TableName: db.database.tableName,
        Item: { PK: 'OIDC#Session#old', SK: 'OIDC', model: 'Session', modelId: 'old', payload: '{"uid":"u-old"}', ttl: 1000, GSI2PK: 'OIDC_UID#u-old', GSI2SK: 'Session' },
      }),
    );
    expect(await adapter('Session').find('old')).toBeUndefined();
    expect(await adapter('Session').findByUid('u-old')).toBeUndefined();
  });

  it('finds a session by uid and a device code by user code', async () => {
    await adapter('Session').upsert('s-1', { jti: 's-1', uid: 'uid-1', accountId: 'acc-2' }, 3600);
    expect((await adapter('Session').findByUid('uid-1'))?.jti).toBe('s-1');
    expect(await adapter('Session').findByUid('uid-2')).toBeUndefined();
    await adapter('DeviceCode').upsert('dc-1', { jti: 'dc-1', userCode: 'ABCD-EFGH', grantId: 'g-9' }, 600);
    expect((await adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.jti).toBe('dc-1');
  });

  it('re-indexes on upsert and destroys', async () => {
    await adapter('Session').upsert('s-2', { jti: 's-2', uid: 'uid-a' }, 3600);
    await adapter('Session').upsert('s-2', { jti: 's-2', uid: 'uid-b', accountId: 'acc-3' }, 3600);
    expect(await adapter('Session').findByUid('uid-a')).toBeUndefined();
    expect((await adapter('Session').findByUid('uid-b'))?.accountId).toBe('acc-3');
    await adapter('Session').destroy('s-2');
    expect(await adapter('Session').find('s-2')).toBeUndefined();
    expect(await adapter('Session').findByUid('uid-b')).toBeUndefined();
  });

  it('revokes every artefact of a grant, and only of that grant', async () => {
    for (let i = 0; i < 30; i += 1) {
      await adapter('RefreshToken').upsert(`g3-rt-${i}`, { jti: `g3-rt-${i}`, grantId: 'g-3' }, 600);
    }
    await adapter('AuthorizationCode').upsert('g3-code', { jti: 'g3-code', grantId: 'g-3' }, 60);
    await adapter('RefreshToken').upsert('g4-rt', { jti: 'g4-rt', grantId: 'g-4' }, 600);
    await adapter('Grant').upsert('g-3', { jti: 'g-3', accountId: 'acc-4', clientId: 'c' }, 600);

    await adapter('AccessToken').revokeByGrantId('g-3');

    expect(await adapter('RefreshToken').find('g3-rt-0')).toBeUndefined();
    expect(await adapter('RefreshToken').find('g3-rt-29')).toBeUndefined();
    expect(await adapter('AuthorizationCode').find('g3-code')).toBeUndefined();
    expect((await adapter('RefreshToken').find('g4-rt'))?.jti).toBe('g4-rt');
    // The grant itself stays: the provider destroys it separately when its policy says so.
    expect((await adapter('Grant').find('g-3'))?.jti).toBe('g-3');
  });

  it('revokes everything of an account: grants, their tokens and sessions', async () => {
    await adapter('Grant').upsert('g-5', { jti: 'g-5', accountId: 'acc-5', clientId: 'c' }, 600);
    await adapter('Grant').upsert('g-6', { jti: 'g-6', accountId: 'acc-5', clientId: 'd' }, 600);
    await adapter('RefreshToken').upsert('g5-rt', { jti: 'g5-rt', grantId: 'g-5', accountId: 'acc-5' }, 600);
    await adapter('RefreshToken').upsert('g6-rt', { jti: 'g6-rt', grantId: 'g-6', accountId: 'acc-5' }, 600);
    await adapter('Session').upsert('s-5', { jti: 's-5', uid: 'uid-5', accountId: 'acc-5' }, 600);
    await adapter('Grant').upsert('g-7', { jti: 'g-7', accountId: 'acc-6', clientId: 'c' }, 600);
    await adapter('RefreshToken').upsert('g7-rt', { jti: 'g7-rt', grantId: 'g-7', accountId: 'acc-6' }, 600);

    await revokeAccountArtifacts(db.database, 'acc-5');

    for (const [model, id] of [['Grant', 'g-5'], ['Grant', 'g-6'], ['RefreshToken', 'g5-rt'], ['RefreshToken', 'g6-rt'], ['Session', 's-5']] as const) {
      expect(await adapter(model).find(id)).toBeUndefined();
    }
    expect(await adapter('Session').findByUid('uid-5')).toBeUndefined();
    expect((await adapter('Grant').find('g-7'))?.jti).toBe('g-7');
    expect((await adapter('RefreshToken').find('g7-rt'))?.jti).toBe('g7-rt');
  });
});
