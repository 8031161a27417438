import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, slowest first: started first, they end while the many short files
 * fill the other worker, instead of one of them starting last and running alone. Ranked by a whole
 * run's file times (2026-11-27), their CLI runs in beforeAll counted.
 */
const SLOWEST = [
  'selftest/self-validation.test.ts',
  'cli/targets.hostile.test.ts',
  'cli/diff.test.ts',
  'cli/packed-install.test.ts',
  'reports/html/in-browser.test.ts',
  'cli/usage-errors.test.ts',
  'cli/interrupt.test.ts',
  'cli/shards.test.ts',
  'cli/exchanges-har.test.ts',
  'cli/run-output.test.ts',
  'cli/strict-setup.test.ts',
  'generators/schema-families.test.ts',
  'cli/missing-route.test.ts',
  'reference/malformed.test.ts',
  'cli/readme-commands.test.ts',
  'cli/eventual-lists.hostile.test.ts',
  'cli/certificate.test.ts',
  'cli/proxy.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = SLOWEST.findIndex((name) => file.moduleId.replace(/\\/g, '/').endsWith(`/${name}`));
      return index < 0 ? SLOWEST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

// The project's own tests. The conformance suites (suites/**/*.check.ts) are not run here
// directly: `run` drives them programmatically against a target.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file in one module cache: each file imported its own copy of the
    // schemas, the reference and the checks (an `import` sum of 53 s over the files outside cli/
    // and selftest/, 17 s shared). A file that mocks a module imports what it tests afresh after
    // vi.resetModules() (proxy/session-errors): another file may have loaded the real one first.
    isolate: false,
    // A folder per run for the CLI runs several files read (cli/test-support/shared-run.ts).
    globalSetup: ['cli/test-support/shared-runs-folder.ts'],
    // The CLI runs of the tests are not the CI job's run: inside a GitHub Actions job they must not
    // write into its summary nor annotate it (an empty GITHUB_STEP_SUMMARY is none; a test of that
    // behaviour sets its own).
    env: { GITHUB_STEP_SUMMARY: '' },
    // vitest's default on 2 cores is one worker: every file after the other, while most of them
    // wait on a child process or a server's answer most of the time. Two files at once on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirst },
  },
});
