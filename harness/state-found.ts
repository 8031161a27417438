import type { Exchange, Reply } from './exchange.js';

// Judge against the state found. A refused request must leave a resource as it was right before
// it: as read then, or as the last read after a write the server took. Never as it was before an
// earlier request the server took (its own failure, a SHOULD-level acceptance, a legal
// normalisation): that comparison would fail every later refusal for one real bug. After a
// request that was not refused, the state is read again, or the cases go on with a resource of
// their own when the taken request changed what a later refusal must come from (a subscription
// suspended by a suspend the server should have refused).

/** One read of the state, with the exchange that showed it (named in a failure's message). */
export interface StateRead<S> {
  state: S;
  reply: Reply;
}

export interface StateFoundOptions<S> {
  /** Reads the state a refusal must leave as it is. */
  read: () => Promise<StateRead<S>>;
  /** Whether two reads show the same state (what a refusal must not change). */
  same: (before: S, after: S) => boolean;
  /**
   * Moves the cases on to a resource of their own, after a request the server did not refuse
   * changed what later refusals must come from. Without it, the state is read again.
   */
  renew?: () => Promise<void>;
}

/** A refused request that changed the state: what was read right before it, and after it. */
export interface ChangedState<S> {
  before: StateRead<S>;
  after: StateRead<S>;
}

const isRefusal = (reply: Reply): boolean => reply.status >= 400 && reply.status <= 499;

/** How a failure names the read it compared with: "the read right before it (GET /path, exchange c1-4)". */
export function theReadBefore(exchange: Exchange): string {
  let where = exchange.request.url;
  try {
    const url = new URL(where);
    where = `${url.pathname}${url.search}`;
  } catch {
    // a recorded URL is absolute; kept as it is otherwise
  }
  const id = exchange.id === undefined ? '' : `, exchange ${exchange.id}`;
  return `the read right before it (${exchange.request.method} ${where}${id})`;
}

export class StateFound<S> {
  private known: StateRead<S> | undefined;

  constructor(private readonly options: StateFoundOptions<S>) {}

  /** The state the next request is judged against: the last read, or a read now when none is current. */
  async before(): Promise<StateRead<S>> {
    this.known ??= await this.options.read();
    return this.known;
  }

  /**
   * After `reply` to a request sent once `before()` was current: for a refusal, reads the state
   * and answers what changed since that read (undefined when nothing did); the new read is the
   * state found for the next request either way. For any other answer, forgets the state (the
   * next `before()` reads it again) or renews the resource, and answers undefined: a request the
   * server took is judged as taken, not as a refusal that changed something.
   */
  async after(reply: Reply): Promise<ChangedState<S> | undefined> {
    const before = this.known;
    this.known = undefined;
    if (!isRefusal(reply)) {
      if (this.options.renew) await this.options.renew();
      return undefined;
    }
    const after = await this.options.read();
    this.known = after;
    if (before === undefined || this.options.same(before.state, after.state)) return undefined;
    return { before, after };
  }
}
