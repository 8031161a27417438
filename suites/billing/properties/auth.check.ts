// billing.md, "Endpoints" ("Every operation requires the OAuth 2.0 bearer credential") and
// "Authentication": each of the seventeen billing operations, sent without a credential and with
// credentials that are not valid, is refused (any 4xx: the spec names no code; 401 is HTTP
// practice, a SHOULD), and changes nothing: what the operation would change reads back as before.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { approve } from '../../../harness/approval.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { allInOrder } from '../../../harness/all-in-order.js';
import { bearerOf, DerivedCredential, nearMisses } from '../../../harness/derived-credential.js';
import { alphanumericChar, textBetween } from '../../../generators/index.js';
import {
  brief,
  is2xx,
  is4xx,
  isObject,
  planPath,
  PLANS,
  readIfServed,
  readPage,
  readPlan,
  readSubscription,
  sendCreatePlan,
  subscriptionPath,
  SUBSCRIPTIONS,
} from '../support/api.js';
import { activePlan, newSubscription } from '../support/fixtures.js';
import { settledStatus } from '../support/approval.js';
import { markerOf, plansMarked, probePlanOf, productForCheck } from './markers.js';

/** A credential: none at all, or a bearer token that the target did not issue. */
type Credential = null | string | DerivedCredential;

/**
 * Bearer tokens no server issued: random text, and the profile's token one character away (a
 * character added or left out at either end), which every output shows as a placeholder.
 */
function invalidTokens(valid: string): fc.Arbitrary<string | DerivedCredential> {
  return fc.oneof(textBetween(alphanumericChar, 8, 64), fc.constantFrom(...nearMisses(valid, 'billing token')));
}

interface Operation {
  name: string;
  /**
   * The resource the operation acts on, or reads. Operations on different resources are judged
   * side by side; those on one resource one after another, so that a change one of them made is
   * never read as another's.
   */
  on: string;
  send(token: Credential): Promise<Reply>;
  /** What the operation would change, read back (absent for reads). */
  state?: () => Promise<{ state: string; reply: Reply }>;
}

const window = { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' };

function planState(ctx: CheckContext, id: string) {
  return async () => {
    const { doc, reply } = await readPlan(ctx, id);
    const { links: _links, ...rest } = doc;
    return { state: JSON.stringify(rest), reply };
  };
}

/**
 * The members of a subscription an operation would change. Only those: an ACTIVE subscription
 * may be billed in the background meanwhile, which is no effect of the refused request.
 */
function subscriptionState(ctx: CheckContext, id: string, members: readonly string[]) {
  return async () => {
    const { doc, reply } = await readSubscription(ctx, id);
    return { state: JSON.stringify(members.map((m) => [m, doc[m] ?? null])), reply };
  };
}

/** A capture of `amount` shows as a transaction or a last payment of that amount. */
function capturesOf(ctx: CheckContext, id: string, amount: { currency_code: string; value: string }) {
  const same = (m: unknown) =>
    isObject(m) && m.currency_code === amount.currency_code && Number(m.value) === Number(amount.value);
  return async () => {
    const { items, reply } = await readPage(ctx, subscriptionPath(id, 'transactions'), 'transactions', window);
    const { doc } = await readSubscription(ctx, id);
    const billing = isObject(doc.billing_info) ? doc.billing_info : {};
    const last = isObject(billing.last_payment) ? billing.last_payment : {};
    const count = items.filter(
      (t) => isObject(t.amount_with_breakdown) && same(t.amount_with_breakdown.gross_amount),
    ).length;
    return {
      state: JSON.stringify({
        transactions_of_this_amount: count,
        last_payment_of_this_amount: same(last.amount) ? (last.time ?? true) : null,
      }),
      reply,
    };
  };
}

/** The subscriptions of a plan that only ever got refused create requests. */
function subscriptionsOfPlan(ctx: CheckContext, planId: string) {
  return async () => {
    const { items, reply } = await readPage(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: planId, page_size: 20 });
    return { state: JSON.stringify(items.map((s) => s.id)), reply };
  };
}

/** Subscriptions in the states where their operations would take effect, when approval allows. */
async function subscriptionsFor(
  ctx: CheckContext,
  planId: string,
): Promise<{ pending: string; active: string; suspended: string }> {
  if (ctx.billing.approval.mode === 'none') {
    const pending = await newSubscription(ctx, planId);
    return { pending: pending.id, active: pending.id, suspended: pending.id };
  }
  const approved = async () => {
    const sub = await newSubscription(ctx, planId);
    if (!sub.approveHref) return sub.id;
    await approve(ctx, sub.approveHref);
    // A server may activate a while after the consent: an operation judged before that would
    // see the activation as its own effect.
    await settledStatus(async () => {
      const { doc, reply } = await readSubscription(ctx, sub.id);
      return { status: doc.status, reply };
    });
    return sub.id;
  };
  const suspendedOne = async () => {
    const id = await approved();
    await ctx.billingSend('POST', subscriptionPath(id, 'suspend'), { json: { reason: `${ctx.settings.runId} auth` } });
    return id;
  };
  const [pending, active, suspended] = await allInOrder(() => newSubscription(ctx, planId), approved, suspendedOne);
  return { pending: pending.id, active, suspended };
}

/** The create plan requests the check sent without a valid credential: their names, and what each was answered. */
type SentCreates = Map<string, Reply>;

/** The operations, and the plans the check made for the profile's product. */
/* eslint-disable max-lines-per-function -- a table of operations, one entry each: a list, not steps to follow */
async function operations(
  ctx: CheckContext,
  product: string,
  createdPlans: string,
  creates: SentCreates,
): Promise<{ ops: Operation[]; plans: string[] }> {
  const [plan, emptyPlan] = await allInOrder(
    () => activePlan(ctx),
    () => activePlan(ctx),
  );
  const [created, subs] = await allInOrder(
    () => sendCreatePlan(ctx, { ...plan.body, name: `${ctx.settings.runId} auth created`, status: 'CREATED' }),
    () => subscriptionsFor(ctx, plan.id),
  );
  if (!created.id)
    throw new CheckSetupError(`could not create a CREATED plan: answered ${created.reply.status}`, [
      created.reply.exchange,
    ]);
  const createdId = created.id;
  const send = (method: string, path: string, json?: unknown, query?: Record<string, string>) => (token: Credential) =>
    ctx.billingSend(method, path, {
      token: bearerOf(token),
      ...(json !== undefined ? { json } : {}),
      ...(query ? { query } : {}),
    });
  let n = 0;
  const priced = plan.cycles.find((c) => c.pricing_scheme?.fixed_price) ?? plan.cycles[0];
  const reason = { reason: `${ctx.settings.runId} unauthenticated` };
  const amount = { currency_code: plan.currency, value: '5.13' };
  const statusAndNote = ['status', 'status_change_note'];
  const ops: Operation[] = [
    {
      name: 'create plan',
      on: 'new plans',
      send: async (token) => {
        const name = `${createdPlans}${String((n += 1)).padStart(4, '0')}`;
        const reply = await send('POST', PLANS, { ...plan.body, product_id: product, name })(token);
        creates.set(name, reply);
        return reply;
      },
    },
    { name: 'list plans', on: 'new plans', send: send('GET', PLANS, undefined, { product_id: ctx.billing.productId }) },
    { name: 'show plan details', on: plan.id, send: send('GET', planPath(plan.id)) },
    {
      name: 'update plan',
      on: plan.id,
      send: send('PATCH', planPath(plan.id), [
        { op: 'replace', path: '/name', value: `${ctx.settings.runId} renamed` },
      ]),
      state: planState(ctx, plan.id),
    },
    {
      name: 'activate plan',
      on: createdId,
      send: send('POST', planPath(createdId, 'activate')),
      state: planState(ctx, createdId),
    },
    {
      name: 'deactivate plan',
      on: plan.id,
      send: send('POST', planPath(plan.id, 'deactivate')),
      state: planState(ctx, plan.id),
    },
    {
      name: 'update pricing',
      on: plan.id,
      send: send('POST', planPath(plan.id, 'update-pricing-schemes'), {
        pricing_schemes: [
          {
            billing_cycle_sequence: priced.sequence,
            pricing_scheme: priced.pricing_scheme?.tiers
              ? priced.pricing_scheme
              : { fixed_price: { currency_code: plan.currency, value: '77.77' } },
          },
        ],
      }),
      state: planState(ctx, plan.id),
    },
    {
      name: 'create subscription',
      on: subs.pending,
      send: send('POST', SUBSCRIPTIONS, {
        plan_id: emptyPlan.id,
        application_context: {
          return_url: 'https://merchant.example.com/return',
          cancel_url: 'https://merchant.example.com/cancel',
        },
      }),
      state: subscriptionsOfPlan(ctx, emptyPlan.id),
    },
    { name: 'list subscriptions', on: plan.id, send: send('GET', SUBSCRIPTIONS, undefined, { plan_ids: plan.id }) },
    { name: 'show subscription details', on: subs.pending, send: send('GET', subscriptionPath(subs.pending)) },
    {
      name: 'update subscription',
      on: subs.active,
      send: send('PATCH', subscriptionPath(subs.active), [
        { op: 'replace', path: '/custom_id', value: 'UNAUTHENTICATED' },
      ]),
      state: subscriptionState(ctx, subs.active, ['custom_id']),
    },
    // a pending subscription is not billed: its update_time moves only with a request
    {
      name: 'revise plan or quantity',
      on: subs.pending,
      send: send('POST', subscriptionPath(subs.pending, 'revise'), { plan_id: emptyPlan.id }),
      state: subscriptionState(ctx, subs.pending, ['plan_id', 'update_time']),
    },
    {
      name: 'suspend subscription',
      on: subs.active,
      send: send('POST', subscriptionPath(subs.active, 'suspend'), reason),
      state: subscriptionState(ctx, subs.active, statusAndNote),
    },
    {
      name: 'cancel subscription',
      on: subs.pending,
      send: send('POST', subscriptionPath(subs.pending, 'cancel'), reason),
      state: subscriptionState(ctx, subs.pending, [...statusAndNote, 'update_time']),
    },
    {
      name: 'activate subscription',
      on: subs.suspended,
      send: send('POST', subscriptionPath(subs.suspended, 'activate'), reason),
      state: subscriptionState(ctx, subs.suspended, statusAndNote),
    },
    {
      name: 'capture authorized payment',
      on: subs.active,
      send: send('POST', subscriptionPath(subs.active, 'capture'), {
        note: 'unauthenticated',
        capture_type: 'OUTSTANDING_BALANCE',
        amount,
      }),
      state: capturesOf(ctx, subs.active, amount),
    },
    {
      name: 'list transactions',
      on: subs.active,
      send: send('GET', subscriptionPath(subs.active, 'transactions'), undefined, window),
    },
  ];
  return { ops, plans: [plan.id, emptyPlan.id, createdId] };
}
/* eslint-enable max-lines-per-function */

/**
 * Runs `judge` on every operation: those on one resource in their order, one after another, the
 * resources side by side (a far target answers each request late; one after another, the
 * seventeen operations were the longest chain of a run). Every operation is judged before a
 * failure of one goes up.
 */
async function oneResourceAtATime(ops: readonly Operation[], judge: (op: Operation) => Promise<void>): Promise<void> {
  const byResource = new Map<string, Operation[]>();
  for (const op of ops) byResource.set(op.on, [...(byResource.get(op.on) ?? []), op]);
  await allInOrder(
    ...[...byResource.values()].map((sequence) => async () => {
      for (const op of sequence) await judge(op);
    }),
  );
}

function describeCredential(token: Credential): string {
  return token === null ? 'without a credential' : 'with a bearer token the target did not issue';
}

check(
  {
    name: 'billing auth: every operation without a valid bearer credential is refused and changes nothing',
    rules: [
      'billing.auth.bearer-required',
      'billing.auth.invalid-token-refused',
      'billing.auth.refused-changes-nothing',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const createdPlans = markerOf(ctx, 'A');
    const product = await productForCheck(ctx);
    const creates: SentCreates = new Map();
    const { ops, plans } = await operations(ctx, product, createdPlans, creates);
    // what an operation would change, when it can be read (a route the target lacks is its own
    // operation's failure): an operation whose state cannot be read is judged on its refusal only
    const unread = new Map<string, string>();
    const stateOf = async (op: Operation) => {
      if (!op.state || unread.has(op.name)) return undefined;
      const read = await readIfServed(op.state);
      if ('value' in read) return read.value;
      unread.set(op.name, read.unread);
      return undefined;
    };
    const refusedAndUnchanged = (op: Operation) => async (token: Credential) => {
      const before = await stateOf(op);
      const reply = await op.send(token);
      if (!is4xx(reply)) {
        ctx.fail({
          rule: token === null ? 'billing.auth.bearer-required' : 'billing.auth.invalid-token-refused',
          message: `${op.name} ${describeCredential(token)}: ${is2xx(reply) ? 'carried out' : 'not refused'}`,
          expected: 'a 4xx refusal (every billing operation requires the bearer credential)',
          received: describeStatus(reply),
          exchanges: [reply.exchange],
        });
      }
      ctx.creditRefusal(reply, token === null ? 'billing.auth.bearer-required' : 'billing.auth.invalid-token-refused');
      if (!before) return;
      const after = await stateOf(op);
      if (after && after.state !== before.state) {
        ctx.fail({
          rule: 'billing.auth.refused-changes-nothing',
          message: `${op.name} ${describeCredential(token)}: refused with ${reply.status}, yet it took effect`,
          expected: `as before: ${brief(before.state, 300)}`,
          received: brief(after.state, 300),
          exchanges: [before.reply.exchange, reply.exchange, after.reply.exchange],
        });
      }
      if (after)
        ctx.credit(
          'billing.auth.refused-changes-nothing',
          [before.reply, reply, after.reply],
          'unchanged when read back',
        );
    };
    const tokens = invalidTokens(ctx.billing.token);
    await oneResourceAtATime(ops, async (op) => {
      await ctx.property(fc.constant<Credential>(null), refusedAndUnchanged(op), { numRuns: 1 });
      await ctx.property(tokens, refusedAndUnchanged(op), { numRuns: shareOfRuns(ctx.settings.runs, 10) });
    });
    for (const [name, why] of unread) {
      ctx.observe(
        `what ${name} would change could not be read back (${why}): its refusals were judged, not what ` + `they left`,
      );
    }
    const known = [probePlanOf(ctx, product), ...(product === ctx.billing.productId ? plans : [])].filter(
      (id): id is string => id !== undefined,
    );
    await expectRefusedCreatesLeftNothing(ctx, { product, marker: createdPlans, known }, creates);
  },
);

/**
 * Refused creates: no plan carries the name one of them alone sent. Judged only on a list that
 * shows a plan the check knows to be of the product (its probe plan, or its own plans).
 */
async function expectRefusedCreatesLeftNothing(
  ctx: CheckContext,
  list: { product: string; marker: string; known: string[] },
  creates: SentCreates,
): Promise<void> {
  const { product, known } = list;
  const { plans, replies, listed } = await plansMarked(ctx, product, list.marker);
  if (!known.some((id) => listed.has(id))) {
    ctx.observe(
      `list plans of product ${product} (${replies.length} page${replies.length === 1 ? '' : 's'}) showed ` +
        `none of the ${known.length} plans this check made for it: whether a refused create plan left a plan could ` +
        `not be read back`,
    );
    return;
  }
  for (const plan of plans) {
    const reply = creates.get(String(plan.name ?? ''));
    // a create that was taken failed its own rule when it was answered
    if (!reply || !is4xx(reply)) continue;
    ctx.fail({
      rule: 'billing.auth.refused-changes-nothing',
      message:
        `create plan without a valid credential was refused (${reply.status}), yet plan ${String(plan.id)} ` +
        `carries the name it alone sent`,
      expected: `no plan named ${String(plan.name)}`,
      received: brief({ id: plan.id, name: plan.name }),
      exchanges: [reply.exchange, ...replies.slice(-1).map((r) => r.exchange)],
    });
  }
  const refused = [...creates.values()].find(is4xx);
  if (refused)
    ctx.credit('billing.auth.refused-changes-nothing', [refused, ...replies.slice(-1)], 'no plan of a refused create');
}

check(
  {
    name: 'billing auth: a missing or invalid bearer credential is refused with 401',
    rules: ['billing.auth.refusal-401'],
    needs: ['billing'],
  },
  async (ctx) => {
    // HTTP practice, not the spec's text: a few operations suffice to see the server's habit
    const plan = await activePlan(ctx);
    const requests: Array<[string, string, unknown]> = [
      ['GET', PLANS, undefined],
      ['GET', planPath(plan.id), undefined],
      ['POST', SUBSCRIPTIONS, { plan_id: plan.id }],
      ['PATCH', planPath(plan.id), [{ op: 'replace', path: '/name', value: 'x' }]],
    ];
    await ctx.property(
      fc.tuple(fc.constantFrom(...requests), fc.option(invalidTokens(ctx.billing.token), { nil: null })),
      async ([[method, path, json], token]) => {
        const reply = await ctx.billingSend(method, path, {
          token: bearerOf(token),
          ...(json !== undefined ? { json } : {}),
        });
        ctx.expectStatus(reply, 401, 'billing.auth.refusal-401', `${method} ${path} ${describeCredential(token)}`);
      },
      { numRuns: Math.max(2, Math.ceil(ctx.settings.runs / 2)) },
    );
  },
);
