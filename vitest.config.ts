import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Pipeline tests run the real indexers on the fixture corpora.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
