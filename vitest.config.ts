import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: ['server/src/reliability/**'],
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Crashes forced at named points, database outages and races, against real server
        // processes. The `postgres` folder needs a server it can cut off: it runs with
        // TEST_DATABASE_URL only (as `.ci/run`'s second pass does).
        test: {
          name: 'reliability',
          include: [
            'server/src/reliability/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['server/src/reliability/postgres/*.test.ts'] : []),
          ],
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.spec.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that answers slowly on a busy machine is not a failure: polls wait up to 5 s.
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
