// A staging server may show a write a moment later: in its lists, even in its reads. A check
// that expects a write to be visible reads again, a little later each time, until it sees it
// or --settle-ms has passed; then it judges the last read as it would have judged the first.
// Only reads that expect something written are retried: a check that expects nothing to have
// changed judges its first read, at once.

export const DEFAULT_SETTLE_MS = 2_000;
/** The first wait between reads; each wait doubles, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 100;
const MAX_WAIT_MS = 500;

export interface Settled<T> {
  /** The last read: the one that showed the write, or the last one tried. */
  value: T;
  visible: boolean;
  /** From the first read to the read that showed it (or to the last read). */
  afterMs: number;
  reads: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `isVisible` holds or `settleMs` has passed since the first read. */
export async function settle<T>(
  read: () => Promise<T>,
  isVisible: (value: T) => boolean,
  settleMs: number,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<Settled<T>> {
  const started = performance.now();
  let value = await read();
  let reads = 1;
  let pause = FIRST_WAIT_MS;
  for (;;) {
    if (isVisible(value)) return { value, visible: true, afterMs: Math.round(performance.now() - started), reads };
    const left = settleMs - (performance.now() - started);
    if (left <= 0) return { value, visible: false, afterMs: Math.round(performance.now() - started), reads };
    await wait(Math.min(pause, left));
    pause = Math.min(pause * 2, MAX_WAIT_MS);
    value = await read();
    reads += 1;
  }
}
