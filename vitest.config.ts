import { defineConfig } from 'vitest/config';

/**
 * API test files whose subject is the embedded database itself, whatever TEST_DATABASE_URL says:
 * the operator command on an embedded data folder (with and without a server holding it) and
 * the data folder's lock.
 */
const EMBEDDED_ONLY_TESTS = ['server/src/cli/admin.test.ts', 'server/src/db/lock.test.ts'];

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
        // The repo's own tooling (scripts/): the import rules of `npm run lint`.
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.mjs'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          // Component tests (`*.test.tsx`) choose jsdom with `// @vitest-environment jsdom`.
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['web/src/test/setup.ts'],
          // The plain kit's stylesheet is read as text by app/palette.test.ts; other CSS stays out.
          css: { include: [/plain\.css/] },
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          // With TEST_DATABASE_URL (`.ci/run`'s PostgreSQL pass) the files that test the
          // embedded database alone are left out: they ran on the embedded pass, the same.
          exclude: [
            'server/src/reliability/**',
            ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY_TESTS : []),
          ],
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has a database of its own, and many wait on jobs, timers and child
          // processes: two files at a time on the two cores CI has (Vitest would take one).
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          // The files of a worker share its loaded modules instead of loading the whole server
          // again for each (that was over a third of the API step's time). Each file still
          // builds its own platform on its own database; no test changes the environment or
          // the clock of the process, and none mocks a module.
          isolate: false,
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
