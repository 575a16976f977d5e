// `npm test`: typecheck, the layering and lint checks, unit (with the CDK assertions), integration,
// then browser tests.
// Every stage runs even when an earlier one failed, so one run shows every failure; the exit
// code is non-zero if any stage failed, and the last line counts tests the way CI reads them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
ensureDependencies();
mkdirSync('test-results', { recursive: true });

/** Every folder of code the layering rules speak of. */
const ARCHITECTURE_ROOTS = ['functions', 'local', 'shared', 'frontend/src', 'lib', 'bin', 'test', 'bench', 'scripts'];

const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, repeated at the end: CI shows only the tail of a run's output. */
const failedTests = [];

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function runCaptured(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ label, output, ok: code === 0 }));
    child.on('error', (error) => resolve({ label, output: String(error), ok: false }));
  });
}

function vitest(project, ...alongside) {
  const report = `test-results/${project}.json`;
  const projects = [project, ...alongside].flatMap((name) => ['--project', name]);
  run(`${project} tests`, 'npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests ?? 0;
    totals.failed += summary.numFailedTests ?? 0;
    totals.skipped += (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
    for (const file of summary.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${project}: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${reason}`);
      }
      // A file that fails before its tests run (a hook, an import) has no failed test to name.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failedTests.push(`${project}: ${file.name.replace(`${process.cwd()}/`, '')}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
  }
}

// The static checks share no state, so they run side by side and print one after the other.
await Promise.all([
  runCaptured('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']),
  // The layers of docs/architecture.md, as .dependency-cruiser.cjs states them.
  runCaptured('architecture', 'npx', ['depcruise', ...ARCHITECTURE_ROOTS, '--config', '.dependency-cruiser.cjs', '--output-type', 'err']),
  runCaptured('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
]).then((results) => {
  for (const { label, output, ok } of results) {
    console.log(`\n=== ${label} ===\n${output.trimEnd()}`);
    if (!ok) failures.push(label);
  }
});
// The few unit files that mock modules run isolated (vitest.config.ts), in the same stage.
vitest('unit', 'unit-isolated');
vitest('integration');
let browserReady = true;
try {
  ensureWebBuild();
} catch {
  failures.push('web build');
  browserReady = false;
}
if (browserReady && run('chromium', 'bash', ['scripts/ensure-chromium.sh'])) vitest('browser');

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nStages failed: ${failures.length === 0 ? 'none' : failures.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length === 0 ? 0 : 1);
