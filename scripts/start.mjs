// `npm start`: install what is missing, build the web client if stale, then run the platform.
// The platform runs as a child so Ctrl-C reaches it (and through it every service it started).
import { ensureDependencies } from './ensure-dependencies.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';
import { runPlatformProcess } from './platform-process.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Groundwork needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}
ensureDependencies();
ensureWebBuild();

runPlatformProcess('bin/start.ts');
