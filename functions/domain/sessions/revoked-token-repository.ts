import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';

/** The logout denylist (contract §1.2, §4.8): a token's jti stays here until the token expires. */
export class RevokedTokenRepository {
  constructor(private readonly database: DatabasePort) {}

  async isRevoked(jti: string): Promise<boolean> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: keys.revokedToken(jti) }));
    // TTL deletion lags; an entry past its expiry no longer matters because the token has expired too.
    return Item !== undefined && (Item.ttl as number) * 1000 > Date.now();
  }

  async revoke(jti: string, expiresAtEpochSeconds: number): Promise<void> {
    await this.database.client.send(
      new PutCommand({ TableName: this.database.tableName, Item: { ...keys.revokedToken(jti), entity: 'revokedToken', ttl: expiresAtEpochSeconds } }),
    );
  }
}
