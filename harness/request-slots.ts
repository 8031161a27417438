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
  private free: number;
  /** Sorted by rank, stable: equal ranks keep their arrival order. */
  private readonly waiting: Waiter[] = [];
  private started = 0;

  constructor(readonly size: number) {
    this.free = size;
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
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.enqueue({ rank: first ? -Infinity : rank, resolve }));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; it is free only when nobody waits.
      if (next) next.resolve();
      else this.free += 1;
    }
  }

  private enqueue(waiter: Waiter): void {
    let i = this.waiting.length;
    while (i > 0 && this.waiting[i - 1].rank > waiter.rank) i -= 1;
    this.waiting.splice(i, 0, waiter);
  }
}

let shared: RequestSlots | undefined;

/** The slots of this thread; a new size (another run in the same thread) starts afresh. */
export function requestSlots(size: number): RequestSlots {
  if (!shared || shared.size !== size) shared = new RequestSlots(Math.max(1, size));
  return shared;
}
