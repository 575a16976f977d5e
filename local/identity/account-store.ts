import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import { burnPasswordCheck, hashPassword, verifyPasswordHash } from './password-hash';

/** The embedded issuer's own user accounts (what a Cognito user pool holds in the cloud). */
export interface Account {
  sub: string;
  /** Lowercased. */
  email: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  disabled: boolean;
}

interface AccountItem extends Account {
  PK: string;
  SK: 'ACCOUNT';
  passwordHash: string;
}

export interface NewAccountInput {
  email: string;
  password: string;
  fullName: string;
}

export class DuplicateEmailError extends Error {
  constructor(readonly email: string) {
    super(`An account with the email ${email} already exists`);
    this.name = 'DuplicateEmailError';
  }
}

export class AccountNotFoundError extends Error {
  constructor(readonly sub: string) {
    super(`No account ${sub}`);
    this.name = 'AccountNotFoundError';
  }
}

const ACCOUNT_SK = 'ACCOUNT';
const EMAIL_SK = 'ACCOUNT_EMAIL';
const accountKey = (sub: string) => ({ PK: `ACCOUNT#${sub}`, SK: ACCOUNT_SK });
const emailKey = (email: string) => ({ PK: `ACCOUNT_EMAIL#${email}`, SK: EMAIL_SK });

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  // A failed condition inside a transaction surfaces as a cancellation with per-item reasons.
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return error.name === 'TransactionCanceledException' && !!reasons?.some((r) => r.Code === 'ConditionalCheckFailed');
}

function toAccount(item: AccountItem): Account {
  return {
    sub: item.sub,
    email: item.email,
    name: item.name,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    disabled: item.disabled === true,
  };
}

export class AccountStore {
  constructor(private readonly database: DatabasePort) {}

  private get table(): string {
    return this.database.tableName;
  }

  async create(input: NewAccountInput): Promise<{ sub: string }> {
    const email = normalizeEmail(input.email);
    const sub = randomUUID();
    const now = new Date().toISOString();
    const item: AccountItem = {
      ...accountKey(sub),
      SK: ACCOUNT_SK,
      sub,
      email,
      name: input.fullName.trim(),
      passwordHash: await hashPassword(input.password),
      createdAt: now,
      updatedAt: now,
      disabled: false,
    };
    try {
      // The email item makes the address unique; both land or neither does.
      await this.database.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Put: {
                TableName: this.table,
                Item: { ...emailKey(email), sub, createdAt: now },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DuplicateEmailError(email);
      throw error;
    }
    return { sub };
  }

  async findBySub(sub: string): Promise<Account | undefined> {
    const item = await this.getItem(sub);
    return item && toAccount(item);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const item = await this.getItemByEmail(email);
    return item && toAccount(item);
  }

  /**
   * The account when the password is its current one and it is not disabled. An unknown email
   * costs the same scrypt work as a known one.
   */
  async verifyPassword(email: string, password: string): Promise<Account | undefined> {
    const item = await this.getItemByEmail(email);
    if (!item) {
      await burnPasswordCheck(password);
      return undefined;
    }
    const matches = await verifyPasswordHash(password, item.passwordHash);
    return matches && !item.disabled ? toAccount(item) : undefined;
  }

  async setPassword(sub: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: accountKey(sub),
          UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':hash': passwordHash, ':now': new Date().toISOString() },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new AccountNotFoundError(sub);
      throw error;
    }
  }

  /** Moves the account to a new email, swapping the uniqueness item in the same transaction. */
  async updateEmail(sub: string, newEmail: string): Promise<void> {
    const email = normalizeEmail(newEmail);
    const item = await this.getItem(sub);
    if (!item) throw new AccountNotFoundError(sub);
    if (item.email === email) return;
    const now = new Date().toISOString();
    try {
      await this.database.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: accountKey(sub),
                UpdateExpression: 'SET email = :email, updatedAt = :now',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':email': email, ':now': now },
              },
            },
            { Put: { TableName: this.table, Item: { ...emailKey(email), sub, createdAt: now }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Delete: {
                TableName: this.table,
                Key: emailKey(item.email),
                ConditionExpression: '#sub = :sub',
                ExpressionAttributeNames: { '#sub': 'sub' },
                ExpressionAttributeValues: { ':sub': sub },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DuplicateEmailError(email);
      throw error;
    }
  }

  /** Idempotent: deleting an account that is already gone succeeds. */
  async delete(sub: string): Promise<void> {
    const item = await this.getItem(sub);
    if (!item) return;
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.table, Key: accountKey(sub) } },
          {
            // Only the owner's uniqueness item: a re-registered address must not lose its claim.
            Delete: {
              TableName: this.table,
              Key: emailKey(item.email),
              ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub',
              ExpressionAttributeNames: { '#sub': 'sub' },
              ExpressionAttributeValues: { ':sub': sub },
            },
          },
        ],
      }),
    );
  }

  private async getItem(sub: string): Promise<AccountItem | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.table, Key: accountKey(sub), ConsistentRead: true }),
    );
    return Item as AccountItem | undefined;
  }

  private async getItemByEmail(email: string): Promise<AccountItem | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.table, Key: emailKey(normalizeEmail(email)), ConsistentRead: true }),
    );
    const sub = (Item as { sub?: string } | undefined)?.sub;
    return sub ? this.getItem(sub) : undefined;
  }
}
