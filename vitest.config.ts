import { defineConfig } from 'vitest/config';

// The project's own tests. The conformance suites (suites/**/*.check.ts) are not run here
// directly: `run` drives them programmatically against a target.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
