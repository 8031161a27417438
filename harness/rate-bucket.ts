// --rate N: at most N requests per second, whatever the concurrency. A token bucket that holds
// one token: requests leave evenly spaced, never in bursts, so a target sees at most N in any
// one-second window. The spacing is 1.1 s / N rather than 1 s / N: N evenly spaced requests then
// span 1.1 s, and the arrival jitter of the network (or of a busy event loop) cannot squeeze
// N + 1 of them into one second at the target.
//
// Repeated 429 answers mean the target's limit is lower than N: the rate halves (at most once
// a second, never below 1 per second or the rate given, if that was lower) and stays there.

/** N evenly spaced requests span this long: a tenth of a gap of slack on either side. */
export const SPAN_MS = 1_100;
/** 429 answers since the last change of rate that lower it. */
export const LOWER_AFTER_429S = 3;
/** No two changes of rate closer than this: the answers to requests sent at the old rate must not count twice. */
const LOWER_AT_MOST_EVERY_MS = 1_000;

export interface RateChange {
  /** The rate given (--rate). */
  from: number;
  /** The rate it went down to. */
  to: number;
  /** 429 answers seen when it did. */
  after429s: number;
}

export class RateBucket {
  private perSecond: number;
  /** The earliest time the next request may leave. */
  private nextAt = -Infinity;
  private readonly waiting: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private since429s = 0;
  private total429s = 0;
  private lastChangeAt = -Infinity;
  private lowered: RateChange | undefined;

  constructor(
    readonly given: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(given > 0) || !Number.isFinite(given)) throw new RangeError(`rate must be a positive number, got ${given}`);
    this.perSecond = given;
  }

  /** The rate in force: `given`, or lower after repeated 429s. */
  get current(): number {
    return this.perSecond;
  }

  /** Undefined until repeated 429s lowered the rate. */
  get change(): RateChange | undefined {
    return this.lowered;
  }

  private gapMs(): number {
    return SPAN_MS / this.perSecond;
  }

  /** Resolves when a request may leave; first come, first served. */
  take(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer !== undefined) return;
    while (this.waiting.length > 0) {
      const now = this.now();
      if (now >= this.nextAt) {
        // Spaced from the time a request really leaves, so a late timer never lets two go at once.
        this.nextAt = now + this.gapMs();
        this.waiting.shift()!();
        continue;
      }
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.pump();
        },
        Math.max(1, Math.ceil(this.nextAt - now)),
      );
      return;
    }
  }

  /** Every answer's status; returns the change when this one lowered the rate. */
  noteStatus(status: number): RateChange | undefined {
    if (status !== 429) return undefined;
    this.total429s += 1;
    this.since429s += 1;
    const floor = Math.min(1, this.given);
    const now = this.now();
    if (
      this.since429s < LOWER_AFTER_429S ||
      this.perSecond <= floor ||
      now - this.lastChangeAt < LOWER_AT_MOST_EVERY_MS
    )
      return undefined;
    this.perSecond = Math.max(floor, this.perSecond / 2);
    this.since429s = 0;
    this.lastChangeAt = now;
    // A request already waiting leaves no sooner than the new gap allows.
    this.nextAt = Math.max(this.nextAt, now + this.gapMs());
    this.lowered = { from: this.given, to: this.perSecond, after429s: this.total429s };
    return this.lowered;
  }
}

let shared: { key: string; bucket: RateBucket } | undefined;

/**
 * The bucket of this run in this thread: every check's client takes its tokens from it. `run`
 * is the run's identity (another run in the same thread, as the self-test makes, starts afresh).
 */
export function rateBucket(perSecond: number, run: string): RateBucket {
  const key = `${run}/${perSecond}`;
  if (!shared || shared.key !== key) shared = { key, bucket: new RateBucket(perSecond) };
  return shared.bucket;
}

/** "20 requests per second", "0.5 requests per second". */
export function describeRate(perSecond: number): string {
  return `${Number(perSecond.toFixed(3))} request${perSecond === 1 ? '' : 's'} per second`;
}
