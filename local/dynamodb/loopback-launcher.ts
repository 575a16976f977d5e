import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * DynamoDB Local accepts any credentials and its `-jar` entry point listens on every interface, so
 * anyone on the network could read and write the whole table, password hashes included. It has no
 * option to choose the interface; LoopbackDynamoDbLocal.java starts the same server with its
 * connector bound to one address instead.
 *
 * The program is compiled once per DynamoDB Local release and program version, with the JDK's
 * javac, into node_modules/.cache (the operator's own folder: a shared temporary folder would let
 * another account plant classes we then run). Without javac it runs as a single-file source
 * program, which compiles it in memory at every start (about a second and a half more).
 */
export const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';
const PROGRAM = fileURLToPath(new URL(`./${LAUNCHER_CLASS}.java`, import.meta.url));
const runFile = promisify(execFile);

export interface LauncherOptions {
  javaCommand: string;
  /** The DynamoDB Local release folder: DynamoDBLocal.jar and DynamoDBLocal_lib. */
  jarDir: string;
  /** Where compiled launchers are kept (default: node_modules/.cache/groundwork beside the package). */
  cacheDir?: string;
}

/**
 * The java arguments that run DynamoDB Local bound to `host`, its own options following. The jar's
 * path and every option stay whole arguments, as orphaned-engine.ts recognises an engine by them.
 */
export async function loopbackEngineArguments(options: LauncherOptions & { host: string; engineOptions: string[] }): Promise<string[]> {
  const jar = path.join(options.jarDir, 'DynamoDBLocal.jar');
  const libraryPath = `-Djava.library.path=${path.join(options.jarDir, 'DynamoDBLocal_lib')}`;
  const compiled = await compiledLauncher(options);
  const program = compiled ? [LAUNCHER_CLASS] : [PROGRAM];
  const classPath = compiled ? `${compiled}${path.delimiter}${jar}` : jar;
  return [libraryPath, '-cp', classPath, ...program, options.host, ...options.engineOptions];
}

/** The folder holding the compiled launcher, compiling it when missing; undefined without javac. */
export async function compiledLauncher(options: LauncherOptions): Promise<string | undefined> {
  const source = await readFile(PROGRAM);
  const version = createHash('sha256').update(source).update(path.basename(options.jarDir)).digest('hex').slice(0, 16);
  const cacheDir = options.cacheDir ?? path.resolve(options.jarDir, '..', '..', '..', '.cache', 'groundwork');
  const target = path.join(cacheDir, `dynamodb-launcher-${version}`);
  if (existsSync(path.join(target, `${LAUNCHER_CLASS}.class`))) return target;

  // Compiled aside and renamed into place, so a concurrent start never runs a half-written class.
  const staging = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await mkdir(staging, { recursive: true });
  try {
    const classPath = `${path.join(options.jarDir, 'DynamoDBLocal.jar')}${path.delimiter}${path.join(options.jarDir, 'DynamoDBLocal_lib', '*')}`;
    try {
      await runFile(javacBeside(options.javaCommand), ['-nowarn', '-cp', classPath, '-d', staging, PROGRAM], { timeout: 60_000 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      await rename(staging, target);
    } catch (error) {
      // Another start compiled the same launcher first; theirs is as good as ours.
      if (!existsSync(path.join(target, `${LAUNCHER_CLASS}.class`))) throw error;
    }
    return target;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The javac of the same JDK as the java we run, when java was given as a path. */
function javacBeside(javaCommand: string): string {
  return javaCommand.includes(path.sep) ? path.join(path.dirname(javaCommand), 'javac') : 'javac';
}
