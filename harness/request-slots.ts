// --concurrency is the load a target sees: at most that many requests in flight. Each worker
// thread holds its share of slots; checks and property cases may outnumber the slots, so that
// a slot freed while one check validates or generates goes at once to another check's request.

export class RequestSlots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  private readonly urgent: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /**
   * `first`: the request goes before every waiting one. For a check that holds what others wait
   * for (an issue's lock): its requests are the critical path of the whole run.
   */
  async run<T>(task: () => Promise<T>, first = false): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => (first ? this.urgent : this.waiting).push(resolve));
    try {
      return await task();
    } finally {
      const next = this.urgent.shift() ?? this.waiting.shift();
      // The slot passes straight to the next waiter; it is free only when nobody waits.
      if (next) next();
      else this.free += 1;
    }
  }
}

let shared: RequestSlots | undefined;

/** The slots of this thread; a new size (another run in the same thread) starts afresh. */
export function requestSlots(size: number): RequestSlots {
  if (!shared || shared.size !== size) shared = new RequestSlots(Math.max(1, size));
  return shared;
}
