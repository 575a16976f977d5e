import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer';

/**
 * Vitest leaves one core free by default, which on a two-core machine runs one file at a time while
 * the files mostly wait (on DynamoDB Local, the queue, the browser): every core works instead.
 */
const CORES = availableParallelism();

const UNIT_TESTS = ['{bin,lib,functions,local,shared,frontend}/**/*.test.{ts,tsx}', 'test/contract/**/*.test.ts'];

/**
 * Unit test files that replace a module with vi.mock. Unit files share their worker's modules
 * (isolate: false, below), and there a mock does not take if an earlier file of the worker already
 * loaded the real module, and may leak into later files (vitest.dev, "Per-File Isolation Settings"):
 * SubscriptionPage's Stripe mock failed when the billing pages ran before it. These run isolated.
 */
const MODULE_MOCKING_TESTS = ['bin', 'lib', 'functions', 'local', 'shared', 'frontend', 'test/contract'].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes('node_modules'))
    .map((path) => `${root}/${path}`)
    .filter((path) => /\bvi\.(?:do)?mock\(/.test(readFileSync(path, 'utf8'))),
);

/**
 * Three projects: unit tests sit beside the code; integration tests start the embedded platform on
 * free ports; browser tests drive Debian's Chromium against it. `npm test` runs them in that order.
 */
export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    // The longest files start first, so that none runs alone at the end of a stage (the sequencer says why).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: CORES,
          // Files share a worker's module cache instead of each loading MUI, React, the AWS SDK and
          // the domain again: the stage went from 350 s to 253 s on two cores, all 1,531 tests
          // passing. Tests reset what they set (stubs, timers, browser storage) after themselves.
          isolate: false,
          include: UNIT_TESTS,
          exclude: ['**/node_modules/**', 'frontend/dist/**', ...MODULE_MOCKING_TESTS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          maxWorkers: CORES,
          include: MODULE_MOCKING_TESTS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One DynamoDB Local for the run; each file's platform keeps a table of its own in it.
          globalSetup: ['test/support/shared-dynamodb.ts'],
          // Each file starts its own platform (free ports, its own data directory and table), so two
          // run side by side; more would only queue for the same cores.
          maxWorkers: Math.min(CORES, 2),
          // Files share their worker's modules: each still starts and stops a platform of its own,
          // but no longer loads the platform's code again (import time 99 s -> 14 s; the stage
          // 376 s -> 252 s on two cores). What a platform configures is read when it is used, not
          // when a module loads (functions/http/cors.ts); tests restore the environment they change.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          globalSetup: ['test/support/shared-dynamodb.ts'],
          // Each file starts its own platform and Chromium and mostly waits on them: two files side by
          // side took the browser stage from 1.0x to 1.5x its files' summed time, all 64 tests passing
          // at a load of 12 on two cores.
          maxWorkers: Math.min(CORES, 2),
          // As for integration: the platform's code loads once per worker (the stage 392 s -> 361 s).
          isolate: false,
        },
      },
    ],
  },
});
