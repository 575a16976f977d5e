// `npm run bench:…`: runs a benchmark that starts the embedded platform in its own process, with
// the flags `npm start` gives the platform (platform-process.mjs).
import { runPlatformProcess } from './platform-process.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-platform.mjs <entry.ts> [arguments]');
  process.exit(2);
}
runPlatformProcess(entry, args);
