import type { CheckContext } from '../../../harness/check.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { addAssignees, removeAssignees, type IssueRef } from './api.js';
import { expectIssueReply } from './expect.js';
import { key, loginsOf, minus, sameLogins, showLogins } from './logins.js';

// An issue's assignees: reading them back, setting them, and the claim a check takes on an issue
// (exclusive use, restored afterwards, also when the check fails).

export interface Observed {
  logins: string[];
  reply: Reply;
}

function issueBody(reply: Reply): boolean {
  const body = reply.json as { assignees?: unknown } | undefined;
  return reply.status >= 200 && reply.status < 300 && body !== null && typeof body === 'object' && Array.isArray(body.assignees);
}

/**
 * The issue's current assignees. The spec has no "get issue" operation, so this asks the push
 * user to remove nothing (and, should the server answer that without an Issue, to add nothing):
 * both answer with the Issue and change nothing.
 */
export async function readAssignees(ctx: CheckContext, issue: IssueRef): Promise<Observed> {
  const viaRemove = await removeAssignees(ctx, issue, [], 'push');
  // An answer with a body is the Issue the remove returns: judged as such, whatever check reads it.
  if (viaRemove.status >= 200 && viaRemove.status < 300 && viaRemove.text !== '') expectIssueReply(ctx, viaRemove, 'remove', `${issue.label} read back (a remove naming nobody)`, issue);
  if (issueBody(viaRemove)) return { logins: loginsOf(viaRemove.json), reply: viaRemove };
  const viaAdd = await addAssignees(ctx, issue, [], 'push');
  if (issueBody(viaAdd)) {
    ctx.observe(`reading ${issue.label} back: removing no assignees answered ${viaRemove.status} without an Issue, so adding none was used`);
    return { logins: loginsOf(viaAdd.json), reply: viaAdd };
  }
  throw new CheckSetupError(
    `cannot read the assignees of ${issue.label} back: removing and adding an empty list (push token) answered ${viaRemove.status} and ${viaAdd.status} without an Issue`,
    [viaRemove.exchange, viaAdd.exchange],
  );
}

const PER_REQUEST = 10;

function chunks(logins: readonly string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < logins.length; i += size) out.push(logins.slice(i, i + size));
  return out;
}

/** One change towards `wanted` in requests of at most `size` logins; false when nothing was to change. */
async function change(ctx: CheckContext, issue: IssueRef, current: readonly string[], wanted: readonly string[], size: number, exchanges: Exchange[]): Promise<boolean> {
  const surplus = minus(current, wanted);
  const lacking = minus(wanted, current);
  for (const part of chunks(surplus, size)) exchanges.push((await removeAssignees(ctx, issue, part, 'push')).exchange);
  for (const part of chunks(lacking, size)) exchanges.push((await addAssignees(ctx, issue, part, 'push')).exchange);
  return surplus.length + lacking.length > 0;
}

/**
 * Makes the issue's assignees exactly `wanted` (push token); a setup error if it cannot. When
 * requests naming several logins leave some behind, it tries once more one login per request:
 * a server that handles only part of a list fails the checks about lists, not every setup.
 */
export async function setAssignees(ctx: CheckContext, issue: IssueRef, wanted: readonly string[]): Promise<void> {
  const before = await readAssignees(ctx, issue);
  const exchanges = [before.reply.exchange];
  if (!(await change(ctx, issue, before.logins, wanted, PER_REQUEST, exchanges))) return;
  let after = await readAssignees(ctx, issue);
  if (!sameLogins(after.logins, wanted) && (await change(ctx, issue, after.logins, wanted, 1, exchanges))) {
    ctx.observe(`setting the assignees of ${issue.label}: requests naming several logins left ${showLogins(after.logins)}; one login per request was used`);
    after = await readAssignees(ctx, issue);
  }
  if (!sameLogins(after.logins, wanted)) {
    throw new CheckSetupError(
      `could not set the assignees of ${issue.label} to ${showLogins(wanted)} with the push token; they are ${showLogins(after.logins)}`,
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
  await ctx.exclusive(`${key(issue.owner)}/${issue.repo}#${issue.number}`);
  const initial = (await readAssignees(ctx, issue)).logins;
  ctx.defer(() => setAssignees(ctx, issue, initial));
  return initial;
}
