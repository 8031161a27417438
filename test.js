// `npm test` after the build: the lint (lint.js) beside vitest. The test files wait on child
// processes and servers part of the time, and the lint's one thread fills those gaps: one after
// the other, the lint alone held a core for a minute before the first test. It runs at a low
// priority (eslint and prettier inherit it), so that it takes only what the tests leave: some of
// them bound how long a run of the command line may take. vitest's output streams as it runs; the
// lint's follows it, whole. The run fails when either does. Arguments go to vitest
// (`npm test -- cli/diff.test.ts`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/**
 * Runs a node script, resolving with its exit code (1 when it could not start or was killed).
 * `priority`: its niceness, set before the script starts the processes it runs.
 */
function run(script, args, stdio, priority) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // Not allowed here: it runs at the tests' priority, as before.
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, output: signal ? `${output}${signal}\n` : output }));
  });
}

const lint = run(join(import.meta.dirname, 'lint.js'), [], ['ignore', 'pipe', 'pipe'], 10);
const tests = await run(vitest, ['run', ...process.argv.slice(2)], 'inherit');
const linted = await lint;
process.stdout.write(`\n${linted.output}`);
const failed = [tests.code !== 0 && `vitest (exit ${tests.code})`, linted.code !== 0 && 'lint'].filter(Boolean);
process.stdout.write(
  failed.length > 0 ? `npm test failed: ${failed.join(', ')}\n` : 'npm test: tests and lint passed\n',
);
process.exitCode = failed.length > 0 ? 1 : 0;
