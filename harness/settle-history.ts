// What the run has learned of how its target shows writes, shared by the checks of a run in
// this worker (as the rate bucket is, harness/rate-bucket.ts). A target that shows writes at
// once never costs a wait, and keeps the full --settle-ms window as the rare retry it is. A
// target that failed to show several writes within the window, and never showed one late, is
// taken to keep no state (a mock answering canned bodies): paying the whole window again for
// every read-back would only make the run slow, so later reads get a short window, and a write
// that does not show in it leaves its rules not verified (never passed, never failed).

/** Writes that never showed, with none shown late, before later reads stop paying the window. */
export const NOT_SHOWN_BEFORE_SHORT = 3;
/** The short window: this share of --settle-ms. */
const SHORT_SHARE = 10;

export class SettleHistory {
  private shownLate = 0;
  private notShown = 0;

  /** The outcome of one read that expected a write. */
  note(visible: boolean, reads: number): void {
    if (!visible) this.notShown += 1;
    else if (reads > 1) this.shownLate += 1;
  }

  /** Later reads get the short window: several writes never showed and none showed late. */
  get stoppedWaiting(): boolean {
    return this.notShown >= NOT_SHOWN_BEFORE_SHORT && this.shownLate === 0;
  }

  /** The window of the next read, out of --settle-ms. */
  windowMs(settleMs: number): number {
    return this.stoppedWaiting ? Math.ceil(settleMs / SHORT_SHARE) : settleMs;
  }
}

let shared: { run: string; history: SettleHistory } | undefined;

/** The history of this run in this thread; another run (the self-test makes several) starts afresh. */
export function settleHistory(run: string): SettleHistory {
  if (!shared || shared.run !== run) shared = { run, history: new SettleHistory() };
  return shared.history;
}

/**
 * The diagnosis's line for a run that stopped waiting (one line, counted over its checks), and
 * the reason its unverified rules are given.
 */
export const STOPPED_WAITING_SIGN =
  `${NOT_SHOWN_BEFORE_SHORT} or more writes never showed within --settle-ms and none showed ` +
  `late, so later read-backs got a tenth of it`;
