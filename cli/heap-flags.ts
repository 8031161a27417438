// The V8 heap settings a run starts with (BENCHMARKS.md, memory). A run allocates fast (each
// request's generated input, exchange and parsed answer) but keeps little alive.
// - V8 lets a heap grow to up to 4x what survived its last full collection; growing by 1.5x
//   collects sooner for no measurable CPU and, unlike a heap cap, can never end a run out of memory.
// - Each heap's young generation is two semi-spaces of up to 16 MB, all of it resident once a
//   run is going; 8 MB each halves that in the vitest worker. V8 reads it when a heap is made:
//   the worker's, started later, takes it; the main thread's keeps 16.
// - A long run (--runs above LONG_RUN_RUNS) grows it by 1.1x instead: its worker's heap stays
//   resident at 2-3x what is alive, and a `--runs 1000` run then peaked above 300 MB. That costs
//   CPU (more full collections), which only such runs pay: V8 reads the factor at every collection,
//   so it is set once --runs is known, still before the checks start.
// V8's flags are the process's. One the user gave (node --flag, NODE_OPTIONS) is kept.

const HEAP_FLAGS: ReadonlyArray<{ name: string; value: number }> = [
  { name: 'heap-growing-percent', value: 50 },
  { name: 'max-semi-space-size', value: 8 },
];

/** Runs with more generated cases per property than this grow their heap by less. */
export const LONG_RUN_RUNS = 100;
const LONG_RUN_GROWING_PERCENT = 10;

const named = (userOptions: readonly string[], name: string): boolean =>
  userOptions.some((option) => option.replace(/_/g, '-').startsWith(`--${name}`));

/** The flags to set: those of HEAP_FLAGS the user's node options do not name (in either spelling). */
export function heapFlags(userOptions: readonly string[]): string[] {
  return HEAP_FLAGS.filter(({ name }) => !named(userOptions, name)).map(({ name, value }) => `--${name}=${value}`);
}

/** The growth factor of a run with `runs` cases per property, when it differs from the start's. */
export function longRunHeapFlags(runs: number, userOptions: readonly string[]): string[] {
  if (runs <= LONG_RUN_RUNS || named(userOptions, 'heap-growing-percent')) return [];
  return [`--heap-growing-percent=${LONG_RUN_GROWING_PERCENT}`];
}

/** The node options of this process: its command line's and NODE_OPTIONS'. */
export function nodeOptions(): string[] {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean)];
}
