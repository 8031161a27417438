import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { key } from './logins.js';

// What a check last saw of an issue's assignees, kept only while nothing can have changed them
// since: every add or remove the check sends forgets it all. A check holding the issue (its claim)
// reads the assignees once and sets them from what it saw, instead of reading them again first.

interface Writes {
  /** Writes sent so far; a sight stays only while no write has left since the one that saw it. */
  sent: number;
  inFlight: number;
  seen: Map<string, string[]>;
}

/** An issue as its paths name it. */
export interface IssueName {
  owner: string;
  repo: string;
  number: number;
}

const perCheck = new WeakMap<CheckContext, Writes>();
/** The write count each answer was sent at, for answers no other write overlapped. */
const aloneAt = new WeakMap<Reply, number>();

/** The name of an issue for its lock and for what was seen of it (the owner without letter case). */
export function issueKey(issue: IssueName): string {
  return `${key(issue.owner)}/${issue.repo}#${issue.number}`;
}

function writesOf(ctx: CheckContext): Writes {
  let writes = perCheck.get(ctx);
  if (!writes) perCheck.set(ctx, (writes = { sent: 0, inFlight: 0, seen: new Map() }));
  return writes;
}

/** Sends one request that may change an issue's assignees: what was seen of any issue is forgotten. */
export async function sendingWrite(ctx: CheckContext, send: () => Promise<Reply>): Promise<Reply> {
  const writes = writesOf(ctx);
  writes.seen.clear();
  writes.sent += 1;
  const at = writes.sent;
  const aloneAtStart = writes.inFlight === 0;
  writes.inFlight += 1;
  try {
    const reply = await send();
    if (aloneAtStart && writes.sent === at) aloneAt.set(reply, at);
    return reply;
  } finally {
    writes.inFlight -= 1;
  }
}

/**
 * `logins` are the assignees `reply` (an answer with the issue's Issue) showed: kept when no
 * other write overlapped that request and none has been sent since.
 */
export function remember(ctx: CheckContext, issue: IssueName, reply: Reply, logins: readonly string[]): void {
  const writes = writesOf(ctx);
  if (aloneAt.get(reply) === writes.sent) writes.seen.set(issueKey(issue), [...logins]);
}

/** The assignees last seen of the issue, when no write has been sent since; else undefined. */
export function lastSeen(ctx: CheckContext, issue: IssueName): string[] | undefined {
  const logins = writesOf(ctx).seen.get(issueKey(issue));
  return logins ? [...logins] : undefined;
}
