import { afterAll, beforeEach } from 'vitest';
import type { RunnerTestCase as Task } from 'vitest';
import type { CheckMeta } from '../harness/check-meta.js';
import { LEFT_BEHIND, WORKER_GRACE_MS } from './interrupt.js';

// Loaded in every vitest worker of a run (a setup file). When the run is interrupted, vitest
// (cancelCurrentRun) aborts the checks that are running: it stops awaiting them, but their
// bodies go on, and their deferred cleanups (cancel subscriptions, deactivate plans, restore
// assignees) run only if the worker lives until they end. This holds the worker open for them,
// for a bounded time, and reports what did not get cleaned up as a run error.

const interrupted = new Set<Task>();

/**
 * A check is settled when its body has ended, cleanups included (harness/check.ts marks it);
 * a check whose body never started has no meta at all.
 */
function settled(task: Task): boolean {
  const meta = (task.meta as { conformance?: CheckMeta }).conformance;
  return meta === undefined || meta.settled === true;
}

function cleanupProblems(task: Task): string[] {
  const meta = (task.meta as { conformance?: CheckMeta }).conformance;
  return (meta?.observations ?? [])
    .filter((note) => note.startsWith('cleanup did not complete'))
    .map((note) => `${task.name}: ${note}`);
}

beforeEach(({ task, signal }) => {
  signal.addEventListener('abort', () => {
    if ((signal.reason as { name?: string } | undefined)?.name === 'TestRunAbortError') interrupted.add(task);
  });
});

afterAll(async () => {
  if (interrupted.size === 0) return;
  const deadline = Date.now() + WORKER_GRACE_MS;
  while (Date.now() < deadline && [...interrupted].some((task) => !settled(task))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lines = [
    ...[...interrupted]
      .filter((task) => !settled(task))
      .map(
        (task) =>
          `${task.name}: still running ${WORKER_GRACE_MS / 1000} s after the interruption; its cleanup did not run`,
      ),
    ...[...interrupted].flatMap(cleanupProblems),
  ];
  if (lines.length > 0) throw new Error(`${LEFT_BEHIND} ${lines.join(' | ')}`);
}, WORKER_GRACE_MS + 5_000);
