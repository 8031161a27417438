// billing.md, "Endpoints" and "Limits": list plans and list subscriptions take page_size
// "(1..20, default 10)" and page "(default 1)"; list plans takes total_required "(boolean,
// default false; when true the response shows a total count; the names of the total fields: not
// shown)". Each default is judged exactly where it can be seen: on a list of the check's own that
// holds more than 10 items, no page_size gives 10 of them, no page gives page 1 (read while the
// list does not move), no total_required answers as total_required=false, and true shows a count
// of the items, or of the pages (under any name, at any depth outside the items and links).

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { brief, isObject, itemsOf, noteOnce } from '../support/api.js';
import { activePlan } from '../support/fixtures.js';
import { ownPlans, ownSubscriptions, pageOf, sameIds, stableReads, type OwnList, type Query } from './lists.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** Items of the check's own list: more than one default page. */
const OWN_ITEMS = 11;
const DEFAULT_PAGE_SIZE = 10;

interface DefaultRules {
  status: RuleId;
  size: RuleId;
  page: RuleId;
}

const PLAN_RULES: DefaultRules = {
  status: 'billing.list-plans.status-200',
  size: 'billing.list-plans.page_size.default-10',
  page: 'billing.list-plans.page.default-1',
};
const SUBSCRIPTION_RULES: DefaultRules = {
  status: 'billing.list-subscriptions.status-200',
  size: 'billing.list-subscriptions.page_size.default-10',
  page: 'billing.list-subscriptions.page.default-1',
};

async function listed(
  ctx: CheckContext,
  list: OwnList,
  query: Query,
  status: RuleId,
  what: string,
): Promise<{ reply: Reply; items: unknown[] }> {
  const reply = await ctx.billingSend('GET', list.path, { query: { ...list.filter, ...query } });
  ctx.expectStatus(reply, 200, status, what);
  const items = itemsOf(reply, list.key);
  if (!items)
    ctx.skip(`${what} answered 200 without a ${list.key} array: the shape checks judge that, paging cannot be read`);
  return { reply, items };
}

/** Without page_size, a list of more than 10 gives exactly 10; without page, page 1. */
async function expectPagingDefaults(ctx: CheckContext, list: OwnList, rules: DefaultRules): Promise<void> {
  // page 1 is named, so that the default page size is judged apart from the default page
  const what = `list ${list.key} ${brief(list.filter)}, page 1, without page_size`;
  const { reply, items } = await listed(ctx, list, { page: 1 }, rules.status, what);
  if (items.length !== DEFAULT_PAGE_SIZE) {
    ctx.fail({
      rule: rules.size,
      message: `${what}: ${items.length} ${list.key} on the first page`,
      expected:
        `${DEFAULT_PAGE_SIZE} (the default page_size; the list holds the ${list.ids.length} ` +
        `${list.key} this check created${list.settled ? '' : ', not all of them listed yet'})`,
      received: `${items.length} ${list.key}`,
      exchanges: [reply.exchange, ...list.replies.slice(-1).map((r) => r.exchange)],
    });
  }
  ctx.credit(rules.size, reply, `${items.length} ${list.key} of the ${list.ids.length} this check created`);
  const read = (query: Query) => pageOf(ctx, list, query);
  const pair = await stableReads(read, { page_size: 3 }, [{ page_size: 3, page: 1 }]);
  if (!pair) {
    noteOnce(ctx, `list ${list.key}: the first page moved between reads; the default page was not judged`);
    return;
  }
  const [pageOne] = pair.others;
  if (!sameIds(pair.first.ids, pageOne.ids)) {
    ctx.fail({
      rule: rules.page,
      message: `list ${list.key} ${brief(list.filter)} with page_size 3: without page, the answer is not page 1`,
      expected: `page 1: ${pageOne.ids.join(', ')}`,
      received: `without page: ${pair.first.ids.join(', ')}`,
      exchanges: pair.replies.map((r) => r.exchange),
    });
  }
  ctx.credit(rules.page, pair.replies, `without page: ${pair.first.ids.length} ids, those of page 1`);
}

/** Numbers (or numeric text) of a list body outside its items and links, with where they are. */
function countsOf(body: unknown, skip: readonly string[], at = ''): Array<{ at: string; value: number }> {
  if (!isObject(body)) return [];
  const out: Array<{ at: string; value: number }> = [];
  for (const [name, value] of Object.entries(body)) {
    if (at === '' && skip.includes(name)) continue;
    const where = `${at}/${name}`;
    if (typeof value === 'number') out.push({ at: where, value });
    else if (typeof value === 'string' && /^\d+$/.test(value)) out.push({ at: where, value: Number(value) });
    else if (isObject(value)) out.push(...countsOf(value, skip, where));
  }
  return out;
}

check(
  {
    name:
      'list defaults: list plans without page_size gives 10 plans, without page page 1, without ' +
      'total_required what false gives; total_required=true shows the count',
    rules: [
      PLAN_RULES.size,
      PLAN_RULES.page,
      'billing.list-plans.total_required.default-false',
      'billing.list-plans.total_required.shows-total',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const list = await ownPlans(ctx, OWN_ITEMS);
    await expectPagingDefaults(ctx, list, PLAN_RULES);

    // the names of the total members are not shown: absent and false must give the same members
    const membersOf = (reply: Reply) =>
      isObject(reply.json) ? Object.keys(reply.json).sort().join(', ') : `status ${reply.status}`;
    const plain = await listed(ctx, list, { page_size: 2 }, PLAN_RULES.status, 'list plans without total_required');
    const off = await listed(
      ctx,
      list,
      { page_size: 2, total_required: false },
      PLAN_RULES.status,
      'list plans with total_required=false',
    );
    if (membersOf(plain.reply) !== membersOf(off.reply)) {
      ctx.fail({
        rule: 'billing.list-plans.total_required.default-false',
        message: 'list plans without total_required answers with other members than with total_required=false',
        expected: `the members of total_required=false: ${membersOf(off.reply)}`,
        received: `without total_required: ${membersOf(plain.reply)}`,
        exchanges: [off.reply.exchange, plain.reply.exchange],
      });
    }
    const judged = `the members of total_required=false: ${membersOf(off.reply)}`;
    ctx.credit('billing.list-plans.total_required.default-false', [off.reply, plain.reply], judged);

    const on = await listed(
      ctx,
      list,
      { page_size: 2, total_required: true },
      PLAN_RULES.status,
      'list plans with total_required=true',
    );
    const counts = countsOf(on.reply.json, ['plans', 'links']);
    // on a product of its own the check knows the count of plans (and of pages of 2, which a
    // server may give as its total); on the profile's, others add to it
    const exact = list.settled && !list.shared;
    const totals = [list.count, Math.ceil(list.count / 2)];
    const shown = exact ? counts.filter((count) => totals.includes(count.value)) : counts;
    if (shown.length === 0) {
      ctx.fail({
        rule: 'billing.list-plans.total_required.shows-total',
        message:
          `list plans with total_required=true shows no ` +
          (exact ? `count of the ${list.count} plans of the product` : 'number beside the plans and links'),
        expected: exact
          ? `a member (any name) holding ${list.count} (plans) or ${totals[1]} (pages of 2)`
          : 'a member (any name) holding a count',
        received:
          counts.length > 0
            ? `numbers ${counts.map((count) => `${count.at}=${count.value}`).join(', ')}`
            : `members ${membersOf(on.reply)}`,
        exchanges: [on.reply.exchange],
      });
    }
    const where = shown.map((count) => `${count.at}=${count.value}`).join(', ');
    ctx.credit('billing.list-plans.total_required.shows-total', on.reply, `a count: ${where}`);
    noteOnce(ctx, `total_required=true: the count is shown as ${shown.map((count) => count.at).join(', ')}`);
  },
);

check(
  {
    name: 'list defaults: list subscriptions without page_size gives 10 subscriptions, without page page 1',
    rules: [SUBSCRIPTION_RULES.size, SUBSCRIPTION_RULES.page],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    await expectPagingDefaults(ctx, await ownSubscriptions(ctx, plan.id, OWN_ITEMS), SUBSCRIPTION_RULES);
  },
);
