// How a process that runs the embedded platform is started: `npm start` and the benchmarks that
// measure it run the same Node with the same flags, so a figure is the product's.
import { spawn } from 'node:child_process';

/**
 * A young generation of up to 64 MB per semi-space (V8's default on 64-bit is 16). A chat send
 * allocates a few megabytes that die young (passages, their sentences and terms, the SDK's request
 * objects); with twenty sends in flight the default space filled every six or seven sends, and each
 * scavenge copied what the sends in flight still held. On SciFact's chat load at 20 users
 * (bench/README.md) the main thread's scavenges per 1,000 sends fell from 155 to 36 and their time
 * per send from 0.9 to 0.2 ms, for at most 96 MB more memory.
 */
export const PLATFORM_NODE_OPTIONS = '--max-semi-space-size=64';

/** Runs `entry` (TypeScript, through tsx) with `args` in a child Node; Ctrl-C reaches it, and its exit code ends this process. */
export function runPlatformProcess(entry, args = []) {
  // In NODE_OPTIONS, not on the command line: the extraction pool gives its worker threads the
  // command line's flags, and a worker refuses V8's ("invalid execArgv flags"), failing every ingest.
  const nodeOptions = [process.env.NODE_OPTIONS, PLATFORM_NODE_OPTIONS].filter(Boolean).join(' ');
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: nodeOptions, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
