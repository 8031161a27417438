import { afterEach } from 'vitest';

// Loaded in every vitest worker of a run (a setup file). For every error of a failed test, vitest's
// main process maps the error's stack through source maps, reading each file the stack names,
// synchronously, again for every error. A check's failure is a verdict on the target, not a place
// in the checker's code, and no report shows those frames: an empty list of mapped frames tells
// vitest there is nothing left to map. The error's own stack text stays as it was.
afterEach(({ task }) => {
  for (const error of task.result?.errors ?? []) (error as { stacks?: unknown[] }).stacks ??= [];
});
