import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'pact',
          include: ['contracts/consumer/**/*.pact.test.ts'],
          environment: 'node',
          // Pact mock servers and the shared pact files do not like parallel writers.
          fileParallelism: false,
          testTimeout: 30_000,
          globalSetup: ['contracts/clear-pacts.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // One browser and one server per file; files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
