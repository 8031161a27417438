import type { CheckContext } from '../../../harness/check.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { addAssignees, removeAssignees, type IssueRef } from './api.js';
import { expectIssueReply } from './expect.js';
import { loginsOf, minus, sameLogins, showLogins } from './logins.js';
import { issueKey, lastSeen, remember } from './seen-assignees.js';

// An issue's assignees: reading them back, setting them, and the claim a check takes on an issue
// (exclusive use, restored afterwards, also when the check fails). The claim is the run's
// critical path (every check holding the issue waits for the one before it), so setting the
// assignees sends no request that what the check has already seen answers.

export interface Observed {
  logins: string[];
  reply: Reply;
}

function issueBody(reply: Reply): boolean {
  const body = reply.json as { assignees?: unknown } | undefined;
  return (
    reply.status >= 200 &&
    reply.status < 300 &&
    body !== null &&
    typeof body === 'object' &&
    Array.isArray(body.assignees)
  );
}

/** The assignees an answer with the Issue shows, remembered for the check's next change. */
function seen(ctx: CheckContext, issue: IssueRef, reply: Reply): Observed {
  const logins = loginsOf(reply.json);
  remember(ctx, issue, reply, logins);
  return { logins, reply };
}

/**
 * The issue's current assignees. The spec has no "get issue" operation, so this asks the push
 * user to remove nothing (and, should the server answer that without an Issue, to add nothing):
 * both answer with the Issue and change nothing.
 */
export async function readAssignees(ctx: CheckContext, issue: IssueRef): Promise<Observed> {
  const viaRemove = await removeAssignees(ctx, issue, [], 'push');
  // An answer with a body is the Issue the remove returns: judged as such, whatever check reads it.
  if (viaRemove.status >= 200 && viaRemove.status < 300 && viaRemove.text !== '')
    expectIssueReply(ctx, viaRemove, 'remove', `${issue.label} read back (a remove naming nobody)`, issue);
  if (issueBody(viaRemove)) return seen(ctx, issue, viaRemove);
  const viaAdd = await addAssignees(ctx, issue, [], 'push');
  if (issueBody(viaAdd)) {
    ctx.observe(
      `reading ${issue.label} back: removing no assignees answered ${viaRemove.status} ` +
        `without an Issue, so adding none was used`,
    );
    return seen(ctx, issue, viaAdd);
  }
  throw new CheckSetupError(
    `cannot read the assignees of ${issue.label} back: ` +
      `removing and adding an empty list (push token) ` +
      `answered ${viaRemove.status} and ${viaAdd.status} without an Issue`,
    [viaRemove.exchange, viaAdd.exchange],
  );
}

const PER_REQUEST = 10;

function chunks(logins: readonly string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < logins.length; i += size) out.push(logins.slice(i, i + size));
  return out;
}

interface Change {
  from: readonly string[];
  to: readonly string[];
  /** The most logins one request names. */
  size: number;
}

/** One change of the assignees: its last answer, or undefined when nothing was to change. */
async function change(
  ctx: CheckContext,
  issue: IssueRef,
  { from, to, size }: Change,
  exchanges: Exchange[],
): Promise<Reply | undefined> {
  let last: Reply | undefined;
  const sent = (reply: Reply) => {
    exchanges.push(reply.exchange);
    last = reply;
  };
  for (const part of chunks(minus(from, to), size)) sent(await removeAssignees(ctx, issue, part, 'push'));
  for (const part of chunks(minus(to, from), size)) sent(await addAssignees(ctx, issue, part, 'push'));
  return last;
}

/**
 * The last change's answer as the read-back: add and remove answer with the Issue, so an answer
 * about this issue that shows exactly `wanted` is what a read would show (and is remembered).
 */
function answerShows(ctx: CheckContext, issue: IssueRef, reply: Reply, wanted: readonly string[]): boolean {
  if (!issueBody(reply) || (reply.json as { number?: unknown }).number !== issue.number) return false;
  if (!sameLogins(loginsOf(reply.json), wanted)) return false;
  remember(ctx, issue, reply, wanted);
  return true;
}

/**
 * Makes the issue's assignees exactly `wanted` (push token); a setup error if it cannot. It starts
 * from what the check last saw when nothing has been sent since, and ends when the last change's
 * answer shows `wanted`; otherwise it reads them back. When requests naming several logins leave
 * some behind, it tries once more one login per request: a server that handles only part of a
 * list fails the checks about lists, not every setup.
 */
export async function setAssignees(ctx: CheckContext, issue: IssueRef, wanted: readonly string[]): Promise<void> {
  const exchanges: Exchange[] = [];
  let current = lastSeen(ctx, issue);
  if (current === undefined) {
    const before = await readAssignees(ctx, issue);
    exchanges.push(before.reply.exchange);
    current = before.logins;
  }
  const last = await change(ctx, issue, { from: current, to: wanted, size: PER_REQUEST }, exchanges);
  if (last === undefined || answerShows(ctx, issue, last, wanted)) return;
  let after = await readAssignees(ctx, issue);
  const oneByOne = { from: after.logins, to: wanted, size: 1 };
  if (!sameLogins(after.logins, wanted) && (await change(ctx, issue, oneByOne, exchanges))) {
    ctx.observe(
      `setting the assignees of ${issue.label}: requests naming several logins left ${showLogins(after.logins)}; ` +
        `one login per request was used`,
    );
    after = await readAssignees(ctx, issue);
  }
  if (!sameLogins(after.logins, wanted)) {
    throw new CheckSetupError(
      `could not set the assignees of ${issue.label} to ${showLogins(wanted)} ` +
        `with the push token; they are ${showLogins(after.logins)}`,
      [...exchanges, after.reply.exchange].slice(-6),
    );
  }
}

/**
 * Exclusive use of the issue for this check: waits for other checks on it to finish, reads its
 * assignees, and restores them when the check ends (pass or fail). Returns them.
 */
export async function claimIssue(ctx: CheckContext, issue: IssueRef): Promise<string[]> {
  // released when the check ends, after the restore registered below
  await ctx.exclusive(issueKey(issue));
  const initial = (await readAssignees(ctx, issue)).logins;
  ctx.defer(() => setAssignees(ctx, issue, initial));
  return initial;
}
