import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

const SEED_MARKER_KEY = { PK: 'SEED', SK: 'SEED' };

/**
 * Which organizations the seed made, so a later run finds them again whatever their names and
 * domains have become. The cloud's first sign-in seeds the system organization only.
 */
export interface SeedMarker {
  systemOrganizationId: string;
  demoOrganizationId?: string;
}

export async function readSeedMarker(database: DatabasePort): Promise<SeedMarker | undefined> {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: SEED_MARKER_KEY }));
  return Item as SeedMarker | undefined;
}

export async function writeSeedMarker(database: DatabasePort, marker: SeedMarker): Promise<void> {
  await database.client.send(new PutCommand({ TableName: database.tableName, Item: { ...SEED_MARKER_KEY, entity: 'seedMarker', ...marker } }));
}
