import type { Exchange } from './exchange.js';
import type { AlsoBroken, Side } from './check-meta.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// A check's verdict that a rule is broken, in the "received / documented" form of
// Schemathesis: what the spec expects, what the server sent, and the exchanges that show it.

export interface FailureDetails {
  rule: RuleId;
  message: string;
  expected?: string;
  received?: string;
  exchanges?: Exchange[];
  /** Further rules the same answer broke (reported with the same exchanges). */
  more?: AlsoBroken[];
  /** The failure without its particulars (array positions, generated values): see FailureRecord. */
  cause?: string;
  side?: Side;
}

export class CheckFailure extends Error {
  readonly rule: RuleId;
  readonly expected?: string;
  readonly received?: string;
  readonly exchanges: Exchange[];
  readonly more: AlsoBroken[];
  /** FailureDetails.cause (Error has a `cause` of its own). */
  readonly causeKey?: string;
  readonly side?: Side;
  /** Soft failures of the same property case, reported beside this one. */
  readonly alongside: FailureDetails[] = [];
  seed?: number;
  path?: string;
  counterexample?: string;

  constructor(details: FailureDetails) {
    const lines = [`[${details.rule}] ${details.message}`];
    if (details.expected !== undefined) lines.push(`  expected: ${details.expected}`);
    if (details.received !== undefined) lines.push(`  received: ${details.received}`);
    super(lines.join('\n'));
    this.name = 'CheckFailure';
    this.rule = details.rule;
    this.expected = details.expected;
    this.received = details.received;
    this.exchanges = details.exchanges ?? [];
    this.more = details.more ?? [];
    if (details.cause !== undefined) this.causeKey = details.cause;
    if (details.side !== undefined) this.side = details.side;
  }

  /** Adds the soft failures its property case kept (harness/case-scope.ts). */
  alsoKept(details: readonly FailureDetails[]): void {
    this.alongside.push(...details);
  }

  /** The details it was made from, for recording it as a soft failure. */
  get details(): FailureDetails {
    return {
      rule: this.rule,
      message: this.message.split('\n')[0].replace(/^\[[^\]]+\]\s*/, ''),
      exchanges: this.exchanges,
      ...(this.expected !== undefined ? { expected: this.expected } : {}),
      ...(this.received !== undefined ? { received: this.received } : {}),
      ...(this.more.length > 0 ? { more: this.more } : {}),
      ...(this.causeKey !== undefined ? { cause: this.causeKey } : {}),
      ...(this.side !== undefined ? { side: this.side } : {}),
    };
  }
}

/** Thrown when a check cannot reach a verdict for a reason that is not the target's fault alone. */
export class CheckSetupError extends Error {
  constructor(
    message: string,
    readonly exchanges: Exchange[] = [],
  ) {
    super(message);
    this.name = 'CheckSetupError';
  }
}
