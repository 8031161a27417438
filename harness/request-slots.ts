import { InFlightLimit } from './in-flight-limit.js';

// --concurrency is the load a target sees: at most that many requests in flight. Each worker
// thread holds its share of slots; checks and property cases may outnumber the slots, so that
// a slot freed while one check validates or generates goes at once to another check's request.
//
// A freed slot goes to the waiting request of the check that started first. Served in arrival
// order, every check in flight slowed every other, and a long sequential check that started
// early finished last, leaving slots idle at the end of the run; served by start order, checks
// finish roughly in the order they start, and later, shorter checks fill the gaps.

interface Waiter {
  /** Lower goes first: the start order of the check, -Infinity for `first`. */
  rank: number;
  resolve: () => void;
}

export class RequestSlots {
  private running = 0;
  /** Sorted by rank, stable: equal ranks keep their arrival order. */
  private readonly waiting: Waiter[] = [];
  private started = 0;
  private readonly limit: InFlightLimit;

  /**
   * `size`: the slots --concurrency gives; `ceiling`: how many the slots may grow to while the
   * target answers slowly and keeps up (harness/in-flight-limit.ts); `rate`: --rate, which caps it.
   */
  constructor(
    readonly size: number,
    readonly ceiling = size,
    rate?: number,
  ) {
    this.limit = new InFlightLimit(size, Math.max(size, ceiling), rate);
  }

  /** The slots in force now: `size`, or more while a slow target keeps up. */
  get current(): number {
    return this.limit.current;
  }

  /** The rank of a check that starts now: after every check started before it. */
  nextRank(): number {
    return this.started++;
  }

  /**
   * `rank`: the check's start order (nextRank); `first`: the request goes before every waiting
   * one, for a check that holds what others wait for (an issue's lock): its requests are the
   * critical path of the whole run.
   */
  async run<T>(task: () => Promise<T>, rank = 0, first = false): Promise<T> {
    if (this.running < this.limit.current) this.running += 1;
    else {
      this.limit.noteQueued();
      // The slot is handed over with `running` already counting it (see release).
      await new Promise<void>((resolve) => this.enqueue({ rank: first ? -Infinity : rank, resolve }));
    }
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.release();
    }
  }

  /** An answer came `ms` after its request left: the limit may follow the target's latency. */
  noteAnswer(ms: number): void {
    this.limit.noteAnswer(ms);
    this.release();
  }

  /** Freed or added slots pass straight to the waiters, in rank order. */
  private release(): void {
    while (this.running < this.limit.current && this.waiting.length > 0) {
      this.running += 1;
      this.waiting.shift()!.resolve();
    }
  }

  private enqueue(waiter: Waiter): void {
    let i = this.waiting.length;
    while (i > 0 && this.waiting[i - 1].rank > waiter.rank) i -= 1;
    this.waiting.splice(i, 0, waiter);
  }
}

let shared: { key: string; slots: RequestSlots } | undefined;

/** The slots of this thread; other bounds (another run in the same thread) start afresh. */
export function requestSlots(size: number, ceiling = size, rate?: number): RequestSlots {
  const key = `${size}/${ceiling}/${rate ?? ''}`;
  if (!shared || shared.key !== key)
    shared = { key, slots: new RequestSlots(Math.max(1, size), Math.max(1, ceiling), rate) };
  return shared.slots;
}
