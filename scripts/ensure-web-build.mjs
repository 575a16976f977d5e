// Builds the web client when frontend/dist is missing or older than any source it is built from.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => (name === 'dist' || name === 'node_modules' ? newest : Math.max(newest, newestMtime(join(path, name)))), stat.mtimeMs);
}

export function ensureWebBuild() {
  const built = 'frontend/dist/index.html';
  const sources = Math.max(newestMtime('frontend'), newestMtime('shared'), newestMtime('package-lock.json'));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web client (vite)...');
  execSync('npx vite build --config frontend/vite.config.ts --logLevel warn', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild();
