import type { Reply } from './exchange.js';
import type { SendOptions } from './http-client.js';

// Signs that a target keeps no state, from one check's own requests: the first show of a plan or
// subscription right after the check was answered 201 for it, with nothing sent in between that
// could change what is shown (a revise, an update, any write naming it), answered
// 404 (and no show found it later), or showed it with another id, product or plan than it was
// created with. A mock that answers canned bodies reads this way; the diagnosis says so instead
// of leaving it to a hundred unrelated failures. Information for the diagnosis, never a verdict.

/**
 * How the reason of a check starts when a read-back of it answered about another resource than
 * the check made (suites/billing/support/same-resource.ts); the diagnosis groups checks by what
 * follows, up to the parenthesis that holds the ids.
 */
export const ANOTHER_RESOURCE = 'the target answered about another resource';

interface Created {
  kind: 'plan' | 'subscription';
  /** The identifiers a state-keeping server shows back unchanged. */
  sent: Record<string, string>;
  missing: number;
  shown: boolean;
  /** A request that may change what is shown named it since its create: later shows prove nothing. */
  touched: boolean;
  /** Its first show after the create has been judged. */
  judged: boolean;
}

const IDENTIFIERS = { plan: ['product_id'], subscription: ['plan_id'] } as const;

function idOf(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function lastSegment(path: string): string {
  const segment =
    path
      .replace(/[?#].*$/s, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class ReadBackSigns {
  private readonly created = new Map<string, Created>();
  /** The first answer that showed another resource than the one created: one line is enough. */
  private differing: string | undefined;

  note(request: SendOptions, reply: Reply): void {
    const operation = reply.operation;
    if (
      (operation === 'create plan' || operation === 'create subscription') &&
      reply.status >= 200 &&
      reply.status <= 299
    ) {
      const id = idOf(reply.json);
      if (!id) return;
      const kind = operation === 'create plan' ? 'plan' : 'subscription';
      const body = (request.json ?? {}) as Record<string, unknown>;
      const sent = Object.fromEntries(
        IDENTIFIERS[kind].flatMap((member) => (typeof body[member] === 'string' ? [[member, body[member]]] : [])),
      );
      this.created.set(id, { kind, sent, missing: 0, shown: false, touched: false, judged: false });
      return;
    }
    if (operation !== 'show plan' && operation !== 'show subscription') {
      this.touch(request);
      return;
    }
    const id = lastSegment(request.path);
    const created = this.created.get(id);
    if (!created) return;
    if (reply.status === 200) created.shown = true;
    if (created.touched || created.judged) return;
    if (reply.status === 404) created.missing += 1;
    if (reply.status !== 200) return;
    created.judged = true;
    const shown = (reply.json ?? {}) as Record<string, unknown>;
    // Member names only: the same sign in many checks reads as one.
    const other = [
      ...(typeof shown.id === 'string' && shown.id !== id ? ['id'] : []),
      ...Object.entries(created.sent).flatMap(([member, value]) =>
        typeof shown[member] === 'string' && shown[member] !== value ? [member] : [],
      ),
    ];
    if (other.length > 0)
      this.differing ??=
        `show ${created.kind} answered another ${created.kind} than the one just created (another ` +
        `${other.join(' and ')})`;
  }

  /**
   * A write marks every resource its path names: what a show answers may change with it. (An
   * approve link changes what a revise, a write naming the subscription, left pending.)
   */
  private touch(request: SendOptions): void {
    if (['GET', 'HEAD'].includes(request.method.toUpperCase())) return;
    for (const [id, created] of this.created) if (!created.touched && request.path.includes(id)) created.touched = true;
  }

  /** What the check saw, one line per kind of sign; empty when nothing looked stateless. */
  signs(): string[] {
    const signs: string[] = [];
    const lost = [...this.created.values()].filter((created) => created.missing > 0 && !created.shown);
    for (const kind of ['plan', 'subscription'] as const) {
      if (lost.some((created) => created.kind === kind))
        signs.push(`show ${kind} answered 404 right after create ${kind} answered 201`);
    }
    if (this.differing !== undefined) signs.push(this.differing);
    return signs;
  }
}
