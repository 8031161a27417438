import type { CheckContext } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { SCHEMA_IDS } from '../../../contracts/schema-ids.js';
import type { IssueRef } from './api.js';
import { includesLogin, minus, showLogins } from './logins.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

// Assertions shared by the assignee checks: the Issue an add or remove returns, and an issue's
// assignees compared with what the spec says they must be now.

/**
 * "labels | array of Label", "assignees | array of User": each item is such an object (the
 * contract then judges its members under the Label and User rules). An item that is no object
 * at all breaks the item rule and the object rule of its kind alike: both are failed.
 */
function expectItems(
  ctx: CheckContext,
  reply: Reply,
  body: unknown,
  member: 'labels' | 'assignees',
  kind: 'Label' | 'User',
  rule: RuleId,
  what: string,
): void {
  const items = (body as Record<string, unknown> | null)?.[member];
  if (!Array.isArray(items)) return;
  const stray: unknown = items.find((item) => item === null || typeof item !== 'object' || Array.isArray(item));
  if (stray === undefined) return;
  const received = `an item ${JSON.stringify(stray)}`;
  const objectRule = kind === 'Label' ? 'assignees.label.type' : 'assignees.user.type';
  ctx.fail({
    rule,
    message: `${what}: an item of ${member} is not a ${kind}`,
    expected: `every item of ${member} a ${kind} object`,
    received,
    exchanges: [reply.exchange],
    more: [
      {
        rule: objectRule,
        message: `${what}: a ${kind} of ${member} is not an object`,
        expected: `a ${kind} object`,
        received,
      },
    ],
  });
}

/**
 * The Issue body of an add (201) or remove (200) answer, validated against its contract: the
 * issue the path names (its number; for a pull request, with its pull_request member).
 */
export function expectIssueReply(
  ctx: CheckContext,
  reply: Reply,
  operation: 'add' | 'remove',
  what: string,
  issue: IssueRef,
): unknown {
  const rule = operation === 'add' ? 'assignees.add.returns-issue' : 'assignees.remove.returns-issue';
  const body = ctx.expectJson(reply, rule, what);
  expectItems(ctx, reply, body, 'labels', 'Label', 'assignees.issue.labels.items', what);
  expectItems(ctx, reply, body, 'assignees', 'User', 'assignees.issue.assignees.items', what);
  ctx.expectContract(
    body,
    operation === 'add' ? SCHEMA_IDS.addAssigneesResponse : SCHEMA_IDS.removeAssigneesResponse,
    reply,
    what,
  );
  ctx.credit('assignees.http.json-bodies', reply, 'a JSON body');
  const answered = body as { number?: unknown; pull_request?: unknown };
  // A body that is no object, or a number that is no integer, failed its shape rule just now:
  // which issue it is cannot be read from it, and "another issue" would be that bug again.
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Number.isInteger(answered.number)) {
    ctx.notTried([rule], `the answer does not say which issue it is (its shape broke the Issue contract)`);
    return ctx.skip(`the answer to ${what} does not say which issue it is: its shape broke the Issue contract`);
  }
  if (answered.number !== issue.number) {
    ctx.fail({
      rule,
      message: `${what}: the answer is another issue`,
      expected: `the Issue with number ${issue.number} (the one the path names)`,
      received: `number ${JSON.stringify(answered.number)}`,
      exchanges: [reply.exchange],
    });
  }
  // A pull_request that is there but not an object is its own type rule's matter.
  if (issue.pullRequest && answered.pull_request === undefined) {
    ctx.fail({
      rule,
      message: `${what}: the Issue of ${issue.label} has no pull_request member`,
      expected: 'the pull request as an Issue, with pull_request {url, html_url, diff_url, patch_url}',
      received: `members ${Object.keys(answered).join(', ')}`,
      exchanges: [reply.exchange],
    });
  }
  ctx.credit(rule, reply, `the Issue with number ${issue.number}`);
  // The contract validated every item against Label and User; say so when there were items.
  const items = body as { labels?: unknown; assignees?: unknown };
  if (Array.isArray(items.labels) && items.labels.length > 0)
    ctx.credit('assignees.issue.labels.items', reply, 'every item of labels a Label');
  if (Array.isArray(items.assignees) && items.assignees.length > 0)
    ctx.credit('assignees.issue.assignees.items', reply, 'every item of assignees a User');
  return body;
}

/**
 * "Bodies are JSON" (assignees.md): an answer with a body (a 404 included: its shape is not
 * shown, its media is) carries JSON. An empty body, as a 204 or a bare 404 has, is no body.
 */
export function expectJsonIfBody(ctx: CheckContext, reply: Reply, what: string): void {
  if (reply.text !== '') ctx.expectJson(reply, 'assignees.http.json-bodies', what);
}

/** A Content-Length that counts bytes: above 0 it announces content (repeated values joined by commas). */
const announcesContent = (length: string): boolean =>
  length.split(',').some((part) => /^\s*\d+\s*$/.test(part) && Number(part) > 0);

/**
 * "204, no content" (both checks). A 204 ends with its header section (RFC 9110), so no body ever
 * reaches a client; what the answer can get wrong is what that section announces: a Content-Length
 * above 0 claims content. No Content-Length, or 0, announces none. Judged on a 204 only.
 */
export function expectNoContent(ctx: CheckContext, reply: Reply, rule: RuleId, what: string): void {
  if (reply.status !== 204) {
    ctx.notTried([rule], `${what} answered ${reply.status}, not 204: there was no 204 to judge`);
    return;
  }
  const length = reply.headers['content-length'];
  if (length === undefined || !announcesContent(length)) {
    ctx.credit(
      rule,
      reply,
      length === undefined ? 'a 204 with no Content-Length' : `a 204 with Content-Length ${length}`,
    );
    return;
  }
  ctx.softFail({
    rule,
    message: `${what}: the 204 announces content`,
    expected: 'a 204 with no content: no Content-Length, or Content-Length 0',
    received: `status 204 with Content-Length: ${length}`,
    exchanges: [reply.exchange],
    side: 'response',
  });
}

/** Fails `rule` unless `actual` holds exactly the logins of `expected` (letter case aside); credits it if so. */
export function expectLogins(
  ctx: CheckContext,
  actual: readonly string[],
  expected: readonly string[],
  rule: RuleId,
  what: string,
  exchanges: Exchange[],
): void {
  const missing = minus(expected, actual);
  const extra = minus(actual, expected);
  if (missing.length === 0 && extra.length === 0) return ctx.credit(rule, exchanges, `assignees ${showLogins(actual)}`);
  const parts = [
    ...(missing.length > 0 ? [`${showLogins(missing)} missing`] : []),
    ...(extra.length > 0
      ? [`${showLogins(extra)} present although ${extra.length === 1 ? 'it' : 'they'} should not be`]
      : []),
  ];
  ctx.fail({
    rule,
    message: `${what}: ${parts.join('; ')}`,
    expected: `assignees ${showLogins(expected)}`,
    received: `assignees ${showLogins(actual)}`,
    exchanges,
  });
}

export interface AddOutcome {
  /** Assignees before the add. */
  before: readonly string[];
  /** Logins the add named. */
  named: readonly string[];
  /** Which of the named logins can be assigned. */
  assignable: (login: string) => boolean;
  /** Assignees after the add (from the answer or read back). */
  after: readonly string[];
}

/** The assignees an add by a push-access user leaves: everyone before, plus the assignable named. */
export function expectedAfterAdd(
  before: readonly string[],
  named: readonly string[],
  assignable: (login: string) => boolean,
): string[] {
  const out = [...before];
  for (const login of named) if (assignable(login) && !includesLogin(out, login)) out.push(login);
  return out;
}

/**
 * After an add by a push-access user: fails the most precise rule when the assignees are not
 * the earlier ones plus the assignable named ones.
 */
export function expectAdded(ctx: CheckContext, outcome: AddOutcome, what: string, exchanges: Exchange[]): void {
  const expected = expectedAfterAdd(outcome.before, outcome.named, outcome.assignable);
  const lostEarlier = minus(outcome.before, outcome.after);
  const notAdded = minus(expected, outcome.after);
  const extra = minus(outcome.after, expected);
  const wronglyAdded = extra.filter((login) => includesLogin(outcome.named, login));
  const rule =
    lostEarlier.length > 0
      ? 'assignees.add.keeps-existing'
      : wronglyAdded.length > 0
        ? 'assignees.add.ignores-not-assignable'
        : 'assignees.add.adds-named';
  if (notAdded.length === 0 && extra.length === 0) {
    const after = `assignees ${showLogins(outcome.after)}`;
    ctx.credit(['assignees.add.keeps-existing', 'assignees.add.adds-named'], exchanges, after);
    if (outcome.named.some((login) => !outcome.assignable(login)))
      ctx.credit('assignees.add.ignores-not-assignable', exchanges, after);
    return;
  }
  expectLogins(ctx, outcome.after, expected, rule, what, exchanges);
}

/** After a remove by a push-access user: the named logins are gone, everyone else is kept. */
export function expectRemoved(
  ctx: CheckContext,
  before: readonly string[],
  named: readonly string[],
  after: readonly string[],
  what: string,
  exchanges: Exchange[],
): void {
  expectLogins(ctx, after, minus(before, named), 'assignees.remove.removes-named', what, exchanges);
}

/**
 * Refusals assignees.md, Authentication 4 allows to a credential without write permission
 * ("Add and remove need ... (write)"): 401 and 403, and 404 for a server that hides what the
 * caller may not change.
 */
export const PERMISSION_REFUSALS: readonly number[] = [401, 403, 404];

/**
 * An add or remove without push access: rule 2 says the names are "silently ignored (no error)",
 * Authentication 4 lets the request be refused for want of write permission. Both conform; any
 * other answer fails `assignees.<operation>.no-push-no-error`.
 */
/** The rule per operation, written out: the catalog test finds rule ids in the checks' code. */
export const NO_PUSH_NO_ERROR = {
  add: 'assignees.add.no-push-no-error',
  remove: 'assignees.remove.no-push-no-error',
} as const;

export function expectIgnoredOrRefused(
  ctx: CheckContext,
  reply: Reply,
  operation: 'add' | 'remove',
  what: string,
): void {
  const ignored = reply.status >= 200 && reply.status < 300;
  if (ignored || PERMISSION_REFUSALS.includes(reply.status)) {
    if (!ignored) ctx.observe(`${what}: refused with ${reply.status} (no write permission)`);
    ctx.credit(NO_PUSH_NO_ERROR[operation], reply, ignored ? `status ${reply.status}` : `refused with ${reply.status}`);
    return;
  }
  ctx.fail({
    rule: NO_PUSH_NO_ERROR[operation],
    message: `${what}: answered with an error that is not a permission refusal`,
    expected:
      `a success status (the names silently ignored) ` + `or a permission refusal (${PERMISSION_REFUSALS.join(', ')})`,
    received: describeStatus(reply),
    exchanges: [reply.exchange],
  });
}

export function isRefusal(reply: Reply): boolean {
  return reply.status >= 400 && reply.status < 500;
}
