import fc from 'fast-check';
import { check, type CheckContext } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import type { Exchange, Reply } from '../../harness/exchange.js';
import { listAssigneesQueryInvalid } from '../../generators/index.js';
import { listAssignees, publicRepo } from './support/api.js';
import { includesLogin, minus, showLogins } from './support/logins.js';
import { listAll, reader } from './support/pool.js';
import { judgePerPagePastMax } from './support/per-page.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Endpoints" and "Limits": list assignees takes per_page (integer, max 100) and
// page (integer). Defaults of both are "not shown": observed, never asserted. What a server does
// with per_page over 100 is not written out either: a refusal, or a page of at most 100.

const MAX = 100;

function usersOf(ctx: CheckContext, reply: Reply, what: string): string[] {
  ctx.expectStatus(reply, 200, 'assignees.list.status-200', what);
  const body = ctx.expectJson(reply, 'assignees.list.response.type', what);
  if (!Array.isArray(body)) {
    ctx.fail({
      rule: 'assignees.list.response.type',
      message: `${what}: the body is not an array`,
      expected: 'an array of User',
      received: describeStatus(reply),
      exchanges: [reply.exchange],
    });
  }
  return body.map((user) => String((user as { login?: unknown } | null)?.login));
}

function expectAtMost(
  ctx: CheckContext,
  reply: Reply,
  users: readonly string[],
  limit: number,
  rule: RuleId,
  what: string,
): void {
  if (users.length > limit) {
    ctx.fail({
      rule,
      message: `${what}: ${users.length} users in one page`,
      expected: `at most ${limit} users`,
      received: `${users.length} users: ${showLogins(users)}`,
      exchanges: [reply.exchange],
    });
  }
  ctx.credit(rule, reply, `${users.length} users (at most ${limit})`);
}

check(
  {
    name: 'list assignees without paging parameters answers 200 (the default page size is only observed)',
    rules: ['assignees.list.status-200'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const reply = await listAssignees(ctx, publicRepo(ctx), reader(ctx));
    const users = usersOf(ctx, reply, 'list assignees without per_page or page');
    ctx.observe(`without per_page, the first page held ${users.length} users`);
  },
);

check(
  {
    name: 'list assignees accepts per_page 100 and returns at most 100 users',
    rules: ['assignees.list.per-page-max-100', 'assignees.list.status-200'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const reply = await listAssignees(ctx, publicRepo(ctx), reader(ctx), { per_page: MAX, page: 1 });
    const users = usersOf(ctx, reply, 'list assignees with per_page 100');
    expectAtMost(ctx, reply, users, MAX, 'assignees.list.per-page-max-100', 'list assignees with per_page 100');
  },
);

check(
  {
    name: 'list assignees with per_page over 100 is refused or returns at most 100 users',
    rules: ['assignees.list.per-page-max-100'],
    needs: ['assignees'],
  },
  async (ctx) => {
    for (const perPage of [MAX + 1, 1000]) {
      const what = `list assignees with per_page ${perPage}`;
      const reply = await listAssignees(ctx, publicRepo(ctx), reader(ctx), { per_page: perPage, page: 1 });
      judgePerPagePastMax(ctx, reply, perPage, reply.status === 200 ? usersOf(ctx, reply, what) : [], what);
    }
  },
);

check(
  {
    name: 'list assignees returns at most per_page users in a page',
    rules: ['assignees.list.per-page-honoured'],
    needs: ['assignees'],
  },
  async (ctx) => {
    for (const perPage of [1, 2]) {
      const what = `list assignees with per_page ${perPage}`;
      const reply = await listAssignees(ctx, publicRepo(ctx), reader(ctx), { per_page: perPage, page: 1 });
      expectAtMost(ctx, reply, usersOf(ctx, reply, what), perPage, 'assignees.list.per-page-honoured', what);
    }
  },
);

/** Requests one case of the property may send: a page size of 1 on a long list would walk all of it. */
const REQUESTS_PER_CASE = 20;

check(
  {
    name: 'pages of list assignees of any size do not overlap and together name the users one large page names',
    rules: [
      'assignees.list.pages-disjoint',
      'assignees.list.per-page-honoured',
      'assignees.list.lists-assignable',
      'assignees.list.only-assignable',
    ],
    needs: ['assignees'],
  },
  async (ctx) => {
    const repo = publicRepo(ctx);
    const all = await listAll(ctx, repo, reader(ctx));
    const total = all.logins.length;
    // Sizes small enough to walk the whole list within the request bound (all of them on a short list).
    const smallest = Math.min(MAX, Math.max(1, Math.ceil(total / (REQUESTS_PER_CASE - 1))));
    await ctx.property(
      fc.integer({ min: smallest, max: Math.max(smallest, Math.min(MAX, total + 1)) }),
      async (perPage) => {
        const seen: string[] = [];
        const exchanges: Exchange[] = [];
        // A server may serve fewer than per_page asks: only an empty page ends the list.
        let ended = false;
        for (let page = 1; page <= REQUESTS_PER_CASE && !ended; page += 1) {
          const what = `list assignees, per_page ${perPage}, page ${page}`;
          const reply = await listAssignees(ctx, repo, reader(ctx), { per_page: perPage, page });
          exchanges.push(reply.exchange);
          const users = usersOf(ctx, reply, what);
          expectAtMost(ctx, reply, users, perPage, 'assignees.list.per-page-honoured', what);
          const repeated = users.filter((login) => includesLogin(seen, login));
          if (repeated.length > 0) {
            ctx.fail({
              rule: 'assignees.list.pages-disjoint',
              message: `${what} repeats ${showLogins(repeated)} from an earlier page`,
              expected: 'pages that share no user',
              received: `page ${page}: ${showLogins(users)}; earlier pages: ${showLogins(seen)}`,
              exchanges: exchanges.slice(-3),
            });
          }
          seen.push(...users);
          ended = users.length === 0;
        }
        ctx.credit('assignees.list.pages-disjoint', exchanges.slice(-3), `pages of ${perPage}: no user twice`);
        const extra = minus(seen, all.logins);
        if (extra.length > 0) {
          ctx.fail({
            rule: 'assignees.list.only-assignable',
            message: `pages of ${perPage} name ${showLogins(extra)}, whom the list with per_page ${MAX} does not name`,
            expected: `all pages together: ${showLogins(all.logins)}`,
            received: `all pages together: ${showLogins(seen)}`,
            exchanges: exchanges.slice(-3),
          });
        }
        ctx.credit('assignees.list.only-assignable', exchanges.slice(-3), `pages of ${perPage}: no one else`);
        if (!ended) {
          ctx.observe(
            `pages of ${perPage}: no empty page within ${REQUESTS_PER_CASE} requests; ` +
              `whether they name everyone was not judged`,
          );
          return;
        }
        const missing = minus(all.logins, seen);
        if (missing.length > 0) {
          ctx.fail({
            rule: 'assignees.list.lists-assignable',
            message: `pages of ${perPage} never name ${showLogins(missing)}, whom the list names with per_page ${MAX}`,
            expected: `all pages together: ${showLogins(all.logins)}`,
            received: `all pages together: ${showLogins(seen)}`,
            exchanges: exchanges.slice(-3),
          });
        }
        ctx.credit('assignees.list.lists-assignable', exchanges.slice(-3), `pages of ${perPage}: everyone`);
      },
      { independentCases: true },
    );
  },
);

/** Whether a served page is one of the whole pages (or empty): a page of 1.5 read as it is is neither. */
const wholePage = (users: readonly string[], pages: ReadonlyArray<readonly string[]>) =>
  users.length === 0 ||
  pages.some((page) => page.length === users.length && page.every((login, i) => login === users[i]));

check(
  {
    name:
      'list assignees with a per_page or page that is not an integer ' +
      'refuses it or answers a page, ' +
      'never more than 100 users or a slice that is no page',
    rules: ['assignees.list.per_page.type', 'assignees.list.page.type'],
    needs: ['assignees'],
  },
  async (ctx) => {
    // Both are integers; what a server does with anything else is not stated: a refusal, or a
    // page as if the value had not been sent (or rounded), both conform. A page of more than 100
    // users, or a page 1.5 served as the users half a page in, honours what is not an integer.
    const repo = publicRepo(ctx);
    const size = 5;
    const pageOf = async (page: number) =>
      usersOf(
        ctx,
        await listAssignees(ctx, repo, reader(ctx), { per_page: size, page }),
        `list assignees, per_page ${size}, page ${page}`,
      );
    const pages = [await pageOf(1), await pageOf(2)];
    const stable = (await pageOf(1)).join() === pages[0].join();
    await ctx.property(
      listAssigneesQueryInvalid,
      async (invalid) => {
        const what = `list assignees with ${invalid.description}`;
        const broken = invalid.value as Record<string, string | number>;
        const fraction = invalid.rule === 'assignees.list.page.type';
        const query = fraction ? { ...broken, per_page: size } : broken;
        const reply = await listAssignees(ctx, repo, reader(ctx), query);
        if (reply.status >= 400 && reply.status < 500) return ctx.creditRefusal(reply, invalid.rule);
        if (reply.status !== 200 || !Array.isArray(reply.json)) {
          ctx.fail({
            rule: invalid.rule,
            message: `${what}: neither refused nor answered with a page`,
            expected: 'a 4xx refusal, or 200 with an array of User',
            received: describeStatus(reply),
            exchanges: [reply.exchange],
          });
        }
        const users = usersOf(ctx, reply, what);
        expectAtMost(ctx, reply, users, MAX, invalid.rule, what);
        if (fraction && stable && !wholePage(users, pages)) {
          ctx.fail({
            rule: invalid.rule,
            message: `${what}, per_page ${size}: a slice that is no whole page`,
            expected: `page 1 (${showLogins(pages[0])}), page 2 (${showLogins(pages[1])}), an empty page or a refusal`,
            received: showLogins(users),
            exchanges: [reply.exchange],
          });
        }
      },
      { independentCases: true },
    );
  },
);
