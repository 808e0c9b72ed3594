#!/usr/bin/env node
// `npm test`: every check the project has, in order, ending with one plain summary line
// ("tests: N passed, N failed") that CI and people can read at a glance.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const extraArgs = process.argv.slice(2);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

const steps = [
  ['generated files are up to date', 'npm', ['run', '-s', 'generate:check']],
  ['TypeScript compiles (strict)', 'npm', ['run', '-s', 'typecheck']],
  // The hooks are checked against the declarations of the pinned PocketBase, which its install step copies.
  ['PocketBase installed', 'bash', ['scripts/install-pocketbase.sh']],
  ['pb_hooks type-check against PocketBase\'s types', 'npm', ['run', '-s', 'typecheck:hooks']],
  ['ESLint, no warnings', 'npm', ['run', '-s', 'lint']],
];
for (const [what, cmd, args] of steps) {
  console.log(`\n▶ ${what}`);
  if (run(cmd, args) !== 0) {
    console.log(`\n${what}: FAILED`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.reports', { recursive: true });
const report = '.reports/vitest.json';
console.log('\n▶ unit, integration and end-to-end tests');
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs]);
let passed = 0;
let failed = status === 0 ? 0 : 1;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  // A suite that fails before its tests run (e.g. in beforeAll) counts once, so a red run never reads 0 failed.
  failed = r.numFailedTests || (status !== 0 ? Math.max(1, r.numFailedTestSuites ?? 0) : 0);
  skipped = r.numPendingTests + r.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);
