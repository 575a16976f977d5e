// Installs dependencies when node_modules is missing or older than the lockfile. Plain Node, no
// dependencies of its own, because it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  console.log('Installing dependencies (npm install)...');
  // Not `npm ci`: it refuses a lockfile that lacks other platforms' optional binaries (LanceDB's),
  // which this registry does not serve; `npm install` installs exactly the locked versions here and
  // leaves the lockfile as it is.
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDependencies();
