import { settle } from './settle.js';
import { SettleHistory, STOPPED_WAITING_SIGN } from './settle-history.js';

// A check's reads that expect a write to be visible (ctx.settle): how often each was needed, how
// often a write showed late and how late, and the writes that never showed, for the report's
// observations and for the words of a failure that followed one.

export class CheckSettling {
  private readonly reads = new Map<string, { times: number; late: number; slowestMs: number }>();
  private readonly notSeen: string[] = [];

  /** Set once a read of this check got the run's short window and its write did not show. */
  unverified: string | undefined;

  /**
   * `history`: what the run has learned of its target (harness/settle-history.ts); `unverified`:
   * ends the check with its unjudged rules not verified, for a write the short window missed.
   */
  constructor(
    private readonly settleMs: number,
    private readonly history: SettleHistory = new SettleHistory(),
    private readonly unverifiedEnd: (reason: string) => never = (reason) => {
      throw new Error(reason);
    },
  ) {}

  async read<T>(what: string, read: () => Promise<T>, isVisible: (value: T) => boolean): Promise<T> {
    // Once a write of this check did not show within --settle-ms, the target is taken not to
    // show it late: later reads get a tenth of the time, so that shrinking the failure (dozens
    // of replays) does not spend --settle-ms on each. --settle-ms 0 asks for judging at once.
    const runShort = this.settleMs > 0 && this.history.stoppedWaiting;
    const full = this.notSeen.length === 0 && !runShort;
    const outcome = await settle(read, isVisible, full ? this.settleMs : Math.ceil(this.settleMs / 10));
    // Only a read given the whole window tells whether the target shows writes.
    if (full && this.settleMs > 0) this.history.note(outcome.visible, outcome.reads);
    const seen = this.reads.get(what) ?? { times: 0, late: 0, slowestMs: 0 };
    seen.times += 1;
    if (outcome.visible && outcome.reads > 1) {
      seen.late += 1;
      seen.slowestMs = Math.max(seen.slowestMs, outcome.afterMs);
    }
    this.reads.set(what, seen);
    if (!outcome.visible) {
      const times = `${outcome.reads} time${outcome.reads === 1 ? '' : 's'}`;
      this.notSeen.push(
        `${what} was read ${times} over ${outcome.afterMs} ms (--settle-ms ${this.settleMs}) and ` +
          `never showed the write`,
      );
      if (runShort && this.notSeen.length === 1) {
        this.unverified = `not verified: ${this.notSeen[0]}; ${STOPPED_WAITING_SIGN}`;
        this.unverifiedEnd(this.unverified);
      }
    }
    return outcome.value;
  }

  /** The latest write that never showed, for the message of a failure that may come of it. */
  get lastNotSeen(): string | undefined {
    return this.notSeen[this.notSeen.length - 1];
  }

  /** One observation per read that showed a write late. */
  observations(): string[] {
    return [...this.reads]
      .filter(([, seen]) => seen.late > 0)
      .map(([what, seen]) => {
        const reads = `${seen.late} of ${seen.times} read${seen.times === 1 ? '' : 's'}`;
        return `${what}: visible after ${seen.slowestMs} ms at the latest (${reads} did not show the write at once)`;
      });
  }
}
