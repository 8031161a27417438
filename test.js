// `npm test` after the build: the lint (lint.js) beside vitest. The test files wait on child
// processes and servers part of the time, and the lint's one thread fills those gaps: one after
// the other, the lint alone held a core for a minute before the first test. It runs at a low
// priority (eslint and prettier inherit it), so that it takes only what the tests leave: some of
// them bound how long a run of the command line may take. vitest's output streams as it runs; the
// lint's follows it, whole. The run fails when either does. Arguments go to vitest
// (`npm test -- cli/diff.test.ts`).
import { join } from 'node:path';
import { packageBin, runNode } from './run-node.js';

const lint = runNode(join(import.meta.dirname, 'lint.js'), [], { priority: 10 });
const tests = await runNode(packageBin('vitest', 'vitest.mjs'), ['run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const linted = await lint;
process.stdout.write(`\n${linted.output}`);
const failed = [tests.code !== 0 && `vitest (exit ${tests.code})`, linted.code !== 0 && 'lint'].filter(Boolean);
process.stdout.write(
  failed.length > 0 ? `npm test failed: ${failed.join(', ')}\n` : 'npm test: tests and lint passed\n',
);
process.exitCode = failed.length > 0 ? 1 : 0;
