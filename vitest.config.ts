import { defineConfig } from 'vitest/config';

// Three suites with one runner: unit (pure, fast), integration (real PocketBase per file),
// e2e (built site + real PocketBase + Debian chromium). `npm test` runs all of them.
export default defineConfig({
  test: {
    projects: [
      // Some unit tests run the whole generator (and the CLI) on a copy of the schemas: seconds, not ms.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 } },
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
          fileParallelism: false,
          globalSetup: ['tests/support/e2e-setup.ts'],
        },
      },
    ],
  },
});
