import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration files mostly wait on their own PocketBase, stand-ins and timers, so three run
    // side by side on two cores (the default would be one).
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
