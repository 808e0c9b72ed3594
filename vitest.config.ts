import { defineConfig } from 'vitest/config';

// Four suites with one runner: unit (pure, in-process), cli (spawns the generator's CLI), integration
// (real PocketBase per file), e2e (built site + real PocketBase + Debian chromium). `npm test` runs all.
//
// Files run three at a time even on two cores: vitest's default there is one worker (cores − 1), but most
// of a file's time is spent waiting on the PocketBase, browser or CLI process it started, not in the
// worker itself. Every file starts its own servers on free ports, so no two files share state.
const WORKERS = Number(process.env.FORMWORK_TEST_WORKERS ?? 3);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      // Some unit tests run the whole generator on a copy of the schemas (some in a beforeAll): seconds, not ms.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'cli', include: ['tests/cli/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          globalSetup: ['tests/support/e2e-setup.ts'],
        },
      },
    ],
  },
});
