import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountNotFoundError, AccountStore, DuplicateEmailError } from './account-store';
import { verifyPasswordHash } from './password-hash';
import { startTestDatabase, type TestDatabase } from '../../test/support/identity/test-environment';

let db: TestDatabase;
let store: AccountStore;

async function rawItem(PK: string, SK: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.database.client.send(new GetCommand({ TableName: db.database.tableName, Key: { PK, SK } }));
  return Item;
}

beforeAll(async () => {
  db = await startTestDatabase();
  store = new AccountStore(db.database);
}, 90_000);

afterAll(async () => {
  await db?.stop();
});

describe('AccountStore', () => {
  it('creates an account and its email uniqueness item, with a salted scrypt hash', async () => {
    const { sub } = await store.create({ email: '  Alan@Example.COM ', password: 'turing machine 1', fullName: ' Alan Turing ' });
    expect(sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const account = await rawItem(`ACCOUNT#${sub}`, 'ACCOUNT');
    expect(account).toMatchObject({ sub, email: 'alan@example.com', name: 'Alan Turing', disabled: false });
    expect(account?.createdAt).toBe(account?.updatedAt);
    const hash = String(account?.passwordHash);
    const [scheme, n, r, p, salt, digest] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(digest ?? '', 'base64')).toHaveLength(32);
    expect(hash).not.toContain('turing machine 1');
    expect(await verifyPasswordHash('turing machine 1', hash)).toBe(true);

    expect(await rawItem('ACCOUNT_EMAIL#alan@example.com', 'ACCOUNT_EMAIL')).toMatchObject({ sub });
    expect(await store.findByEmail('ALAN@example.com')).toEqual({
      sub,
      email: 'alan@example.com',
      name: 'Alan Turing',
      createdAt: account?.createdAt,
      updatedAt: account?.updatedAt,
      disabled: false,
    });
    expect(await store.findBySub(sub)).toMatchObject({ email: 'alan@example.com' });
  });

  it('salts every hash differently', async () => {
    const one = await store.create({ email: 'same1@example.com', password: 'identical password', fullName: 'One' });
    const two = await store.create({ email: 'same2@example.com', password: 'identical password', fullName: 'Two' });
    const first = await rawItem(`ACCOUNT#${one.sub}`, 'ACCOUNT');
    const second = await rawItem(`ACCOUNT#${two.sub}`, 'ACCOUNT');
    expect(first?.passwordHash).not.toBe(second?.passwordHash);
  });

  it('refuses a duplicate email, whatever its case, and writes nothing', async () => {
    const { sub } = await store.create({ email: 'grace@example.com', password: 'cobol rules 1', fullName: 'Grace Hopper' });
    const attempt = store.create({ email: 'GRACE@example.com', password: 'other password', fullName: 'Impostor' });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(attempt).rejects.toMatchObject({ email: 'grace@example.com' });
    expect((await store.findByEmail('grace@example.com'))?.sub).toBe(sub);
    expect(await store.verifyPassword('grace@example.com', 'other password')).toBeUndefined();
  });

  it('verifies passwords: right, wrong, unknown email', async () => {
    const { sub } = await store.create({ email: 'edsger@example.com', password: 'goto considered harmful', fullName: 'Edsger Dijkstra' });
    expect((await store.verifyPassword('Edsger@Example.com', 'goto considered harmful'))?.sub).toBe(sub);
    expect(await store.verifyPassword('edsger@example.com', 'goto considered harmful!')).toBeUndefined();
    expect(await store.verifyPassword('edsger@example.com', '')).toBeUndefined();
    expect(await store.verifyPassword('nobody@example.com', 'goto considered harmful')).toBeUndefined();
  });

  it('sets a new password, and refuses an unknown subject', async () => {
    const { sub } = await store.create({ email: 'barbara@example.com', password: 'first secret 1', fullName: 'Barbara Liskov' });
    const before = await store.findBySub(sub);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.setPassword(sub, 'second secret 2');
    expect(await store.verifyPassword('barbara@example.com', 'first secret 1')).toBeUndefined();
    expect((await store.verifyPassword('barbara@example.com', 'second secret 2'))?.sub).toBe(sub);
    expect((await store.findBySub(sub))?.updatedAt).not.toBe(before?.updatedAt);
    await expect(store.setPassword('00000000-0000-4000-8000-000000000000', 'x')).rejects.toBeInstanceOf(AccountNotFoundError);
    expect(await rawItem('ACCOUNT#00000000-0000-4000-8000-000000000000', 'ACCOUNT')).toBeUndefined();
  });

  it('deletes an account and frees its email', async () => {
    const { sub } = await store.create({ email: 'ken@example.com', password: 'unix epoch 1970', fullName: 'Ken Thompson' });
    await store.delete(sub);
    expect(await store.findBySub(sub)).toBeUndefined();
    expect(await store.findByEmail('ken@example.com')).toBeUndefined();
    expect(await rawItem('ACCOUNT_EMAIL#ken@example.com', 'ACCOUNT_EMAIL')).toBeUndefined();
    await expect(store.delete(sub)).resolves.toBeUndefined();

    const again = await store.create({ email: 'ken@example.com', password: 'plan 9 from bell', fullName: 'Ken Thompson' });
    expect(again.sub).not.toBe(sub);
    expect((await store.verifyPassword('ken@example.com', 'plan 9 from bell'))?.sub).toBe(again.sub);
  });
});
