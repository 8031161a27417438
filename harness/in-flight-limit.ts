// How many requests may be in flight, following the target's latency. A far target answers
// slowly but can take more at once: with the limit fixed, a run of thousands of 50 ms answers
// pays 50 ms per request divided by the limit. So, between `floor` (what --concurrency gives)
// and `ceiling`, the limit grows while answers are slow and stay as fast as the fastest seen
// (the target keeps up), and falls back as soon as they grow slower with the load (it does not).
// Each step is judged over one window: as many answers as the limit in force.

/** Answers faster than this: the target is near, more in flight would only load it. */
export const SLOW_ANSWER_MS = 20;
/** A window's mean this far above the best window's: the target is slowing under the load. */
const KEEPS_UP = 1.5;
const FALLS_BEHIND = 2;

export class InFlightLimit {
  private limit: number;
  private answers = 0;
  private totalMs = 0;
  /** The lowest window mean seen: the target's latency when it is not loaded. */
  private bestMs = Infinity;
  /** Requests of the window that had to wait for a slot: there was more to send than the limit. */
  private queued = false;

  constructor(
    readonly floor: number,
    readonly ceiling: number,
    /** --rate: at most this many requests per second; the limit never exceeds what it lets through. */
    private readonly ratePerSecond?: number,
  ) {
    this.limit = floor;
  }

  get current(): number {
    return this.limit;
  }

  /** A request had to wait for a slot. */
  noteQueued(): void {
    this.queued = true;
  }

  /** An answer came, `ms` after its request left. */
  noteAnswer(ms: number): void {
    if (this.ceiling <= this.floor) return;
    this.answers += 1;
    this.totalMs += ms;
    if (this.answers < this.limit) return;
    const meanMs = this.totalMs / this.answers;
    this.bestMs = Math.min(this.bestMs, meanMs);
    if (meanMs > this.bestMs * FALLS_BEHIND) this.limit = Math.max(this.floor, Math.floor(this.limit * 0.75));
    else if (this.queued && meanMs >= SLOW_ANSWER_MS && meanMs <= this.bestMs * KEEPS_UP)
      this.limit = Math.min(this.ceiling, this.rateCap(meanMs), this.limit + Math.ceil(this.limit / 4));
    this.answers = 0;
    this.totalMs = 0;
    this.queued = false;
  }

  /** Little's law: in flight = rate x latency; more would only wait for the rate's tokens. */
  private rateCap(meanMs: number): number {
    if (this.ratePerSecond === undefined) return Infinity;
    return Math.max(this.floor, Math.ceil((this.ratePerSecond * meanMs) / 1000));
  }
}
