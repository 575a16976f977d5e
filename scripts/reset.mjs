// `npm run reset`: wipes the local platform's state (database, objects, queue, identity keys, seed sign-ins).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.GROUNDWORK_DATA_DIR ?? '.data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start seeds a fresh platform with new generated passwords.`);
