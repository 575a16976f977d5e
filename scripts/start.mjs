// `npm start`: install what is missing, build the web client if stale, then run the platform.
// The platform runs as a child so Ctrl-C reaches it (and through it every service it started).
import { spawn } from 'node:child_process';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Groundwork needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}
ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
  stdio: 'inherit',
  env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
