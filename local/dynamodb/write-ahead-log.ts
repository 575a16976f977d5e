import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * DynamoDB Local keeps its data in one SQLite file and never sets a journal mode, so SQLite's
 * default rollback journal applies: every commit creates, syncs and deletes a journal beside the
 * database and syncs the database too, all while DynamoDB Local holds its table's write lock. In
 * write-ahead-log mode a commit appends to one log and syncs it once. Every chat exchange is one
 * such transaction; alone against DynamoDB Local, three-item transactions went from 198–262 to
 * 236–335 a second on this project's 2-core machine (bench/README.md). A committed transaction
 * survives a crash in both modes: SQLite still syncs the log at every commit (counted with strace
 * on sequential transactions: 0.8 fsync each in WAL mode, 2.3 in rollback mode).
 *
 * The mode lives in the file (bytes 18 and 19 of its header are 2 in WAL mode, 1 otherwise; see
 * https://www.sqlite.org/fileformat2.html), so it is set once per data folder, before DynamoDB
 * Local opens the file, by a tiny Java program on the sqlite4java that DynamoDB Local bundles:
 * Java is already required, and SQLite itself converts the file (replaying a journal left by a
 * crash first), where editing the header by hand would not.
 */
const PROGRAM = fileURLToPath(new URL('./WriteAheadLog.java', import.meta.url));
const WAL_HEADER_VERSION = 2;
const runFile = promisify(execFile);

export interface WriteAheadLogOptions {
  javaCommand: string;
  /** DynamoDB Local's DynamoDBLocal_lib folder: sqlite4java.jar and its native libraries. */
  libraryDir: string;
  databaseFile: string;
  timeoutMs?: number;
}

/** Whether the SQLite file's header says WAL mode; false for a missing or shorter file. */
export async function isInWriteAheadLogMode(databaseFile: string): Promise<boolean> {
  let file;
  try {
    file = await open(databaseFile, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const header = Buffer.alloc(20);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    return bytesRead === header.length && header[18] === WAL_HEADER_VERSION && header[19] === WAL_HEADER_VERSION;
  } finally {
    await file.close();
  }
}

/**
 * Puts the file into WAL mode (creating it when missing) unless it already is. Resolves to what
 * was done; rejects with SQLite's or Java's message when the program fails.
 */
export async function useWriteAheadLog(options: WriteAheadLogOptions): Promise<'already' | 'converted'> {
  if (await isInWriteAheadLogMode(options.databaseFile)) return 'already';
  const args = [`-Djava.library.path=${options.libraryDir}`, '-cp', path.join(options.libraryDir, 'sqlite4java.jar'), PROGRAM, options.databaseFile];
  // A failure's message carries the program's stderr, where SQLite's complaint is.
  const { stdout } = await runFile(options.javaCommand, args, { timeout: options.timeoutMs ?? 60_000 });
  const printed = stdout.trim();
  if (printed !== 'wal') throw new Error(`SQLite answered journal mode '${printed}' instead of 'wal'`);
  return 'converted';
}
