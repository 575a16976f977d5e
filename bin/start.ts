import { relative, resolve } from 'node:path';
import { startLocalPlatform } from '../local/platform/local-platform';
import { SEED_ROLES } from '../local/seed/seed-credentials';

/** `npm start` lands here once dependencies and the web build are in place (scripts/start.mjs). */
async function main(): Promise<void> {
  const started = Date.now();
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.GROUNDWORK_DATA_DIR ?? '.data');
  const platform = await startLocalPlatform({
    port,
    bindHost: process.env.HOST ?? '127.0.0.1',
    dataDir,
    frontendDir: resolve('frontend/dist'),
    trustProxy: process.env.GROUNDWORK_TRUST_PROXY === 'true',
    // The documentation knowledge base and the "Groundwork Help" application (docs/deployment.md).
    demoContent: process.env.GROUNDWORK_DEMO_CONTENT !== 'false',
    log: (line) => console.log(line),
  });

  const labels = { SYSTEM_ADMIN: 'System admin', ADMIN: 'Admin', USER: 'User', RAG_USER: 'Chat-only user (rag_user)' } as const;
  console.log(`\nGroundwork is running at ${platform.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log('Sign in with:');
  for (const role of SEED_ROLES) {
    const { email, password } = platform.credentials[role];
    console.log(`  ${labels[role].padEnd(26)} ${email.padEnd(34)} ${password}`);
  }
  const where = relative(process.cwd(), dataDir) || dataDir;
  console.log(`\nData lives in ${where.startsWith('..') ? dataDir : where}/ (npm run reset wipes it). Press Ctrl-C to stop.\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Groundwork...`);
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nGroundwork could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
