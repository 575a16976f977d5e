import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJarDirectory } from './dynamodb-local';
import { isInWriteAheadLogMode, useWriteAheadLog } from './write-ahead-log';

/** A 100-byte SQLite header with the given write and read versions at bytes 18 and 19. */
const header = (write: number, read: number) => {
  const bytes = Buffer.alloc(100);
  bytes.write('SQLite format 3\0', 0, 'latin1');
  bytes[18] = write;
  bytes[19] = read;
  return bytes;
};

describe('write-ahead log of DynamoDB Local', () => {
  let folder: string;
  let libraryDir: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'gw-wal-'));
    libraryDir = path.join(await findJarDirectory(), 'DynamoDBLocal_lib');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('reads the mode from the header: 2 and 2 is WAL; 1 and 1, a short file or none is not', async () => {
    const file = (name: string) => path.join(folder, name);
    await writeFile(file('wal.db'), header(2, 2));
    await writeFile(file('rollback.db'), header(1, 1));
    await writeFile(file('short.db'), header(2, 2).subarray(0, 19));
    expect(await isInWriteAheadLogMode(file('wal.db'))).toBe(true);
    expect(await isInWriteAheadLogMode(file('rollback.db'))).toBe(false);
    expect(await isInWriteAheadLogMode(file('short.db'))).toBe(false);
    expect(await isInWriteAheadLogMode(file('missing.db'))).toBe(false);
  });

  it('creates a missing database in WAL mode, and converts one in rollback mode', async () => {
    const databaseFile = path.join(folder, 'fresh.db');
    expect(await useWriteAheadLog({ javaCommand: 'java', libraryDir, databaseFile })).toBe('converted');
    expect(await isInWriteAheadLogMode(databaseFile)).toBe(true);

    // The same file with the header of rollback mode (its log was emptied when SQLite closed it).
    const bytes = await readFile(databaseFile);
    bytes[18] = 1;
    bytes[19] = 1;
    await writeFile(databaseFile, bytes);
    expect(await isInWriteAheadLogMode(databaseFile)).toBe(false);
    expect(await useWriteAheadLog({ javaCommand: 'java', libraryDir, databaseFile })).toBe('converted');
    expect(await isInWriteAheadLogMode(databaseFile)).toBe(true);
  }, 60_000);

  it('leaves a database already in WAL mode alone, without starting Java', async () => {
    const databaseFile = path.join(folder, 'already.db');
    await writeFile(databaseFile, header(2, 2));
    const noJava = path.join(folder, 'no-java-here');
    expect(await useWriteAheadLog({ javaCommand: noJava, libraryDir, databaseFile })).toBe('already');
  });

  it("rejects with SQLite's complaint for a file that is not a database", async () => {
    const databaseFile = path.join(folder, 'not-a-database.db');
    await writeFile(databaseFile, 'plain text, not SQLite '.repeat(50));
    await expect(useWriteAheadLog({ javaCommand: 'java', libraryDir, databaseFile })).rejects.toThrow(/not a database|file is encrypted/i);
  }, 60_000);
});
