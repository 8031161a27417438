import { check, type CheckContext } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import type { Reply } from '../../harness/exchange.js';
import {
  checkAssignable,
  checkAssignableToIssue,
  listAssignees,
  privateIssue,
  privateRepo,
  publicIssue,
  type Caller,
  type IssueRef,
} from './support/api.js';
import { profileAssignable } from './support/pool.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Authentication", 3: the read operations (list assignees and both checks) need
// read permission, and "work without authentication ... when only public resources are
// requested". What an anonymous caller gets on a private repository is not written out: a
// refusal (any 4xx) is required, 404 (the spec's "resource not found") is the expected one.

interface Reads {
  list: Reply;
  check?: Reply;
  issueCheck?: Reply;
}

/** The three read operations on one repository and issue, asking about `login` when given. */
async function readAll(ctx: CheckContext, issue: IssueRef, login: string | undefined, caller: Caller): Promise<Reads> {
  const repo = { owner: issue.owner, repo: issue.repo };
  const list = await listAssignees(ctx, repo, caller);
  if (login === undefined) return { list };
  return {
    list,
    check: await checkAssignable(ctx, repo, login, caller),
    issueCheck: await checkAssignableToIssue(ctx, issue, login, caller),
  };
}

/**
 * Fails `rule` unless the read was served: the exact codes (200, 204) are the operations' own
 * rules. Served, it credits `rule` and `shownToo` (the token it was sent with, accepted).
 */
function expectServed(ctx: CheckContext, reply: Reply, rule: RuleId, what: string, shownToo: RuleId[] = []): void {
  if (reply.status < 200 || reply.status > 299) {
    ctx.fail({
      rule,
      message: `${what}: not served`,
      expected: 'a success status (200 for the list, 204 for the checks)',
      received: describeStatus(reply),
      exchanges: [reply.exchange],
    });
  }
  ctx.credit([rule, ...shownToo], reply, `served (${reply.status})`);
}

function expectAllServed(
  ctx: CheckContext,
  reads: Reads,
  rule: RuleId,
  who: string,
  where: string,
  login: string | undefined,
  shownToo: RuleId[] = [],
): void {
  expectServed(ctx, reads.list, rule, `list assignees of ${where} ${who}`, shownToo);
  if (reads.check)
    expectServed(ctx, reads.check, rule, `check that ${login} can be assigned in ${where} ${who}`, shownToo);
  if (reads.issueCheck) {
    const what = `check that ${login} can be assigned to the issue in ${where} ${who}`;
    expectServed(ctx, reads.issueCheck, rule, what, shownToo);
  }
  if (login === undefined) ctx.observe(`no assignable login was known for ${where}: only list assignees was tried`);
}

check(
  {
    name: 'list assignees and both checks work without authentication on the public repository',
    rules: ['assignees.auth.public-read-without-auth'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const [login] = profileAssignable(ctx);
    const reads = await readAll(ctx, publicIssue(ctx), login, 'anonymous');
    expectAllServed(
      ctx,
      reads,
      'assignees.auth.public-read-without-auth',
      'without credentials',
      'the public repository',
      login,
    );
  },
);

check(
  {
    name: 'list assignees and both checks work with the read-only token on the public repository',
    rules: ['assignees.auth.bearer-accepted'],
    needs: ['assignees', 'read-token'],
  },
  async (ctx) => {
    const [login] = profileAssignable(ctx);
    const reads = await readAll(ctx, publicIssue(ctx), login, 'read');
    expectAllServed(
      ctx,
      reads,
      'assignees.auth.bearer-accepted',
      'with the read-only token',
      'the public repository',
      login,
    );
  },
);

/** A login that can be assigned in the private repository, as the push-access user sees it. */
async function privateAssignable(ctx: CheckContext): Promise<string | undefined> {
  if (!ctx.assignees.tokens.push) return profileAssignable(ctx)[0];
  const reply = await listAssignees(ctx, privateRepo(ctx), 'push', { per_page: 1 });
  const first = Array.isArray(reply.json) ? (reply.json[0] as { login?: unknown } | undefined)?.login : undefined;
  return typeof first === 'string' ? first : profileAssignable(ctx)[0];
}

check(
  {
    name: 'list assignees and both checks work with the push token on the private repository',
    rules: ['assignees.auth.read-permission-suffices', 'assignees.auth.bearer-accepted'],
    needs: ['assignees', 'private-repo', 'push-token'],
  },
  async (ctx) => {
    const issue = privateIssue(ctx);
    const list = await listAssignees(ctx, privateRepo(ctx), 'push');
    expectServed(
      ctx,
      list,
      'assignees.auth.read-permission-suffices',
      'list assignees of the private repository with the push token',
    );
    const body = ctx.expectJson(list, 'assignees.list.response.type', 'list assignees of the private repository');
    const first = Array.isArray(body) ? (body[0] as { login?: unknown } | undefined)?.login : undefined;
    if (typeof first !== 'string') {
      ctx.observe('the private repository lists nobody who can be assigned: only list assignees was tried');
      return;
    }
    const reads = {
      list,
      check: await checkAssignable(ctx, privateRepo(ctx), first, 'push'),
      issueCheck: await checkAssignableToIssue(ctx, issue, first, 'push'),
    };
    expectAllServed(
      ctx,
      reads,
      'assignees.auth.read-permission-suffices',
      'with the push token',
      'the private repository',
      first,
      ['assignees.auth.bearer-accepted'],
    );
  },
);

check(
  {
    name: 'list assignees and both checks work with the read-only token on the private repository',
    rules: ['assignees.auth.read-permission-suffices', 'assignees.auth.bearer-accepted'],
    needs: ['assignees', 'private-repo', 'read-token'],
  },
  async (ctx) => {
    // The profile's read token has read access to the private repository (contracts/
    // target.schema.json, README): Authentication 3 says that suffices for all three reads.
    const rule = 'assignees.auth.read-permission-suffices';
    const list = await listAssignees(ctx, privateRepo(ctx), 'read');
    if (list.status < 200 || list.status > 299) {
      if (ctx.assignees.tokens.push) {
        const control = await listAssignees(ctx, privateRepo(ctx), 'push');
        // Neither token reads it: the profile's private repository is what is wrong (and the push-token check says so).
        if (control.status < 200 || control.status > 299)
          ctx.skip(
            `neither token can list the assignees of the private repository ` +
              `(read ${list.status}, push ${control.status}): check assignees.privateRepo`,
          );
      }
      ctx.fail({
        rule,
        message:
          'list assignees of the private repository with the read-only token: not served ' +
          '(the profile says this token has read access there)',
        expected: 'a success status: read permission suffices (Authentication, 3)',
        received: describeStatus(list),
        exchanges: [list.exchange],
      });
    }
    const body = ctx.expectJson(
      list,
      'assignees.list.response.type',
      'list assignees of the private repository with the read-only token',
    );
    const first = Array.isArray(body) ? (body[0] as { login?: unknown } | undefined)?.login : undefined;
    if (typeof first !== 'string') {
      ctx.observe('the private repository lists nobody who can be assigned: only list assignees was tried');
      return;
    }
    // A login the list names can be assigned there, so a 404 can only be the token's.
    const reads = {
      list,
      check: await checkAssignable(ctx, privateRepo(ctx), first, 'read'),
      issueCheck: await checkAssignableToIssue(ctx, privateIssue(ctx), first, 'read'),
    };
    expectAllServed(ctx, reads, rule, 'with the read-only token', 'the private repository', first, [
      'assignees.auth.bearer-accepted',
    ]);
  },
);

check(
  {
    name: 'list assignees and both checks refuse an anonymous caller on the private repository',
    rules: ['assignees.auth.private-read-requires-permission', 'assignees.auth.private-read-not-found'],
    needs: ['assignees', 'private-repo'],
  },
  async (ctx) => {
    // A login that can be assigned there, so that a 404 cannot come from the login alone.
    const login = await privateAssignable(ctx);
    const reads = await readAll(ctx, privateIssue(ctx), login, 'anonymous');
    const answers: Array<[Reply, string]> = [
      [reads.list, 'list assignees of the private repository without credentials'],
      ...(reads.check
        ? [[reads.check, `check ${login} in the private repository without credentials`] as [Reply, string]]
        : []),
      ...(reads.issueCheck
        ? [[reads.issueCheck, `check ${login} on the private issue without credentials`] as [Reply, string]]
        : []),
    ];
    for (const [reply, what] of answers)
      ctx.expectRefused(reply, 'assignees.auth.private-read-requires-permission', what);
    // The spec's failure for these operations is "404 resource not found": the expected refusal. It
    // is judged of refusals only: an answer that revealed the repository failed the rule above.
    const refusals = answers.filter(([reply]) => reply.status >= 400 && reply.status <= 499);
    for (const [reply, what] of refusals) ctx.expectStatus(reply, 404, 'assignees.auth.private-read-not-found', what);
    if (refusals.length === 0)
      ctx.notTried(
        ['assignees.auth.private-read-not-found'],
        'no read of the private repository without credentials was refused: which refusal it answers was not seen',
      );
  },
);
