// billing.md, "Endpoints / Subscriptions" and "Errors" (success statuses): every valid
// subscription request, drawn from the whole allowed space and at each stated limit, is accepted
// with the status the spec names: 201 create, 200 list, show, revise and transactions, 204
// update, suspend, cancel and activate, 202 with {} for capture.
//
// Suspend, cancel, activate and capture have source states the spec does not show, so a refusal
// of one of them is judged against a plain control request on the same subscription: only when
// the control is accepted does refusing the generated one break the limit it sits at.

import { howAnswered } from '../../../harness/describe.js';
import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Reply } from '../../../harness/exchange.js';
import { hasPointer } from '../../../contracts/json-pointer.js';
import { SCHEMA_IDS as S } from '../../../contracts/validate.js';
import {
  captureBody,
  createSubscriptionBody,
  createSubscriptionBodyBoundary,
  createSubscriptionHeaders,
  listSubscriptionsQuery,
  listSubscriptionsQueryBoundary,
  PLAN_IDS_MAX,
  reasonBody,
  reviseBody,
  showSubscriptionQuery,
  subscriptionPatch,
  transactionsQuery,
  transactionsQueryBoundary,
  type CaptureBody,
} from '../../../generators/index.js';
import {
  expectAccepted,
  is2xx,
  is4xx,
  isObject,
  noteOnce,
  readSubscription,
  sendCreateSubscription,
  sendQuery,
  subscriptionPath,
  SUBSCRIPTIONS,
  URL_LIMIT,
} from '../support/api.js';
import { activePlan, activeSubscription, newSubscription } from '../support/fixtures.js';
import { completedSequences, selectedSequence } from '../support/cycle-executions.js';
import {
  eachFamily,
  listSubscriptionsQueriesAtLimits,
  overridesAtLimits,
  reasonsAtLimits,
  RefusedLimits,
  subscriptionRequestsAtLimits,
  transactionWindowsAtLimits,
  type Family,
} from './boundaries.js';
import { freshKey } from './markers.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

type Action = 'suspend' | 'activate' | 'cancel';

const ACTION_RULES: Record<Action, { status: RuleId; length: RuleId }> = {
  suspend: { status: 'billing.suspend.status-204', length: 'billing.suspend.reason.length' },
  activate: {
    status: 'billing.activate-subscription.status-204',
    length: 'billing.activate-subscription.reason.length',
  },
  cancel: { status: 'billing.cancel.status-204', length: 'billing.cancel.reason.length' },
};

/**
 * Sends a valid action request and judges it: a success must be `expected`; a refusal fails
 * only when a plain control request is then accepted. Returns the judged answer when the
 * action took place (the generated request or the control), undefined when no verdict was had.
 */
async function judgedAction(
  ctx: CheckContext,
  send: (body: unknown) => Promise<Reply>,
  body: unknown,
  control: unknown,
  expected: number,
  rules: { status: RuleId; refused: RuleId },
  what: string,
  /** A refusal the spec allows for this request whatever the state (no verdict, already recorded). */
  allowed: (reply: Reply) => Promise<boolean> = async () => false,
): Promise<Reply | undefined> {
  const reply = await send(body);
  if (is2xx(reply) || reply.status >= 500) {
    expectAccepted(ctx, reply, expected, rules, what);
    return reply;
  }
  if (await allowed(reply)) return undefined;
  const plain = await send(control);
  if (!is2xx(plain)) {
    noteOnce(
      ctx,
      `${what}: ${howAnswered(reply)}, and a plain control request was not taken either ` +
        `(${howAnswered(plain)}): the state allows no verdict`,
    );
    return undefined;
  }
  expectAccepted(ctx, reply, expected, rules, `${what} (a plain request was then accepted)`, [plain.exchange]);
  return plain;
}

check(
  {
    name: 'billing accepted: create subscription answers 201 to every valid request',
    rules: [
      'billing.create-subscription.status-201',
      'billing.subscription.custom_id.length',
      'billing.subscription.quantity.length',
      'billing.subscription.quantity.pattern',
      'billing.create-subscription.client_metadata_id.length',
      'billing.date_time.length',
      'billing.email.length',
      'billing.application_context.return_url.length',
      'billing.country_code.pattern',
      'billing.date_time.pattern',
      'billing.application_context.locale.pattern',
      'billing.application_context.shipping_preference.enum',
      'billing.application_context.user_action.enum',
      'billing.application_context.payment_method.payee_preferred.enum',
      'billing.billing_cycle_override.total_cycles.range',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const limits = new RefusedLimits();
    const tag = `${ctx.settings.runId}-limits`;
    await eachFamily(
      ctx,
      [
        ...subscriptionRequestsAtLimits({ planId: plan.id, tag }),
        ...overridesAtLimits({ planId: plan.id, tag, cycles: plan.cycles }),
      ],
      async (request, family) => {
        const { reply } = await sendCreateSubscription(ctx, request.body, request.headers);
        if (is4xx(reply) && family.within) {
          // refused at the limit: the limit's doing only if the same form inside it is taken
          const inside = family.within(request);
          const { reply: control } = await sendCreateSubscription(ctx, inside.body, inside.headers);
          if (!is2xx(control)) {
            noteOnce(
              ctx,
              `create subscription with ${family.description} was refused (${reply.status}), and so was the ` +
                `same form inside the limit (${control.status}): not the limit's refusal`,
            );
            return;
          }
        }
        limits.note(reply, family);
        expectAccepted(
          ctx,
          reply,
          201,
          { status: 'billing.create-subscription.status-201', refused: family.rule },
          `create subscription with ${family.description}`,
        );
      },
    );
    const opts = { planId: plan.id, quantitySupported: true, planCycles: plan.cycles, currency: plan.currency };
    const requests = fc.tuple(
      fc.oneof(createSubscriptionBody(opts), createSubscriptionBodyBoundary(opts)),
      createSubscriptionHeaders,
    );
    await ctx.property(requests, async ([body, headers]) => {
      const { reply } = await sendCreateSubscription(ctx, body, freshKey(ctx, headers));
      if (limits.explain(ctx, reply, 'create subscription')) return;
      expectAccepted(ctx, reply, 201, { status: 'billing.create-subscription.status-201' }, 'create subscription');
    });
  },
);

check(
  {
    name:
      'billing accepted: list subscriptions, show subscription and list transactions answer 200 ' +
      'to every valid request',
    rules: [
      'billing.list-subscriptions.status-200',
      'billing.show-subscription.status-200',
      'billing.list-transactions.status-200',
      'billing.list-subscriptions.plan_ids.max-70',
      'billing.list-subscriptions.page_size.range',
      'billing.list-subscriptions.page.range',
      'billing.date_time.length',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    // "URL not over 2000 characters": a longer one (a long base URL, 70 ids with other filters)
    // may be refused, so only a URL within the limit is judged
    const list = async (
      query: Record<string, string | number | undefined>,
      rules: { status: RuleId; refused?: RuleId },
      what: string,
    ) => {
      const { reply, urlLength } = await sendQuery(ctx, SUBSCRIPTIONS, query);
      if (urlLength > URL_LIMIT && is4xx(reply)) {
        noteOnce(
          ctx,
          `${what}: a URL of more than ${URL_LIMIT} characters was refused (${reply.status}), which the spec allows`,
        );
        return;
      }
      expectAccepted(ctx, reply, 200, rules, what);
      if (String(query.plan_ids ?? '').split(',').length === PLAN_IDS_MAX)
        ctx.credit('billing.list-subscriptions.plan_ids.url-max-2000', reply, `${urlLength} characters: served`);
    };
    // The plainest valid request first: a route that takes nothing fails the operation itself,
    // not the first limit tried on it.
    await list(
      { plan_ids: plan.id },
      { status: 'billing.list-subscriptions.status-200' },
      'list subscriptions of one plan',
    );
    await eachFamily(ctx, listSubscriptionsQueriesAtLimits(plan.id), (query, family) =>
      list(
        query,
        { status: 'billing.list-subscriptions.status-200', refused: family.rule },
        `list subscriptions with ${family.description}`,
      ),
    );
    const queries = fc.oneof(
      listSubscriptionsQuery({ planIds: [plan.id] }),
      listSubscriptionsQueryBoundary({ planIds: [plan.id] }),
      listSubscriptionsQuery(),
    );
    await ctx.property(queries, (query) =>
      list({ ...query }, { status: 'billing.list-subscriptions.status-200' }, 'list subscriptions'),
    );
    await ctx.property(
      showSubscriptionQuery,
      async (query) => {
        const reply = await ctx.billingSend('GET', subscriptionPath(sub.id), { query: { ...query } });
        expectAccepted(
          ctx,
          reply,
          200,
          { status: 'billing.show-subscription.status-200' },
          `show subscription${query.fields ? ` with fields=${query.fields}` : ''}`,
        );
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
    const transactions = (window: { start_time: string; end_time: string }) =>
      ctx.billingSend('GET', subscriptionPath(sub.id, 'transactions'), { query: { ...window } });
    await eachFamily(ctx, transactionWindowsAtLimits, async (window, family) => {
      expectAccepted(
        ctx,
        await transactions(window),
        200,
        { status: 'billing.list-transactions.status-200', refused: family.rule },
        `list transactions with ${family.description}`,
      );
    });
    await ctx.property(fc.oneof(transactionsQuery, transactionsQueryBoundary), async (window) => {
      expectAccepted(
        ctx,
        await transactions(window),
        200,
        { status: 'billing.list-transactions.status-200' },
        'list transactions',
      );
    });
  },
);

check(
  {
    name: 'billing accepted: revise plan or quantity answers 200 to every valid request',
    rules: ['billing.revise.status-200'],
    needs: ['billing'],
  },
  async (ctx) => {
    // revise applies in any state (billing.md, States and transitions): APPROVAL_PENDING will do.
    // Each request gets a new subscription: a second revision before the subscriber consented to
    // the first may fairly be refused. A body that names nothing to change (no other plan, no
    // quantity, shipping or override) may be refused too: "Revise plan or quantity".
    const plan = await activePlan(ctx);
    const bodies = reviseBody({
      planId: plan.id,
      quantitySupported: plan.quantitySupported,
      planCycles: plan.cycles,
      currency: plan.currency,
    });
    await ctx.property(
      bodies,
      async (body) => {
        const sub = await newSubscription(ctx, plan.id);
        const what = `revise (${Object.keys(body).join(', ') || 'empty body'})`;
        const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: body });
        const changes = Object.keys(body).filter(
          (member) => member !== 'application_context' && !(member === 'plan_id' && body.plan_id === plan.id),
        );
        if (changes.length === 0 && is4xx(reply)) {
          noteOnce(
            ctx,
            `${what}: a revision that changes nothing was refused (${reply.status}), which the spec leaves open`,
          );
          return;
        }
        expectAccepted(ctx, reply, 200, { status: 'billing.revise.status-200' }, what);
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
  },
);

check(
  {
    name: 'billing accepted: update subscription answers 204 to every valid patch of an ACTIVE subscription',
    rules: ['billing.update-subscription.status-204'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { tag: ctx.settings.runId });
    const sub = await activeSubscription(ctx, plan.id);
    const { doc } = await readSubscription(ctx, sub.id, { fields: 'plan' });
    // selector paths name the plan's own cycles; other paths exist when the subscription shows them
    const exists = (path: string) => path.includes('@sequence==') || hasPointer(doc, path);
    // an add needs the member's parent (JSON Patch): paths under members the subscription lacks are left out
    const parentExists = (path: string) =>
      path.includes('@sequence==') || hasPointer(doc, path.slice(0, path.lastIndexOf('/')) || '');
    // "attributes of already completed cycles cannot be updated": cycles the server reports
    // completed are left out, and a refusal of a cycle it reports completed afterwards (a patch
    // of total_cycles can complete one) is no verdict
    const completed = completedSequences(doc);
    if (completed.length > 0)
      noteOnce(
        ctx,
        `after activation the server reports cycles ${completed.join(', ')} completed: patches of them were not sent`,
      );
    const open = (path: string) => !completed.includes(selectedSequence(path) ?? -1);
    const patches = subscriptionPatch({
      cycles: plan.cycles,
      currency: plan.currency,
      tag: ctx.settings.runId,
      exists,
    }).filter((ops) => ops.every((o) => parentExists(o.path) && open(o.path)));
    await ctx.property(
      patches,
      async (patch) => {
        const what = `update subscription (${patch.map((o) => `${o.op} ${o.path}`).join(', ')})`;
        const reply = await ctx.billingSend('PATCH', subscriptionPath(sub.id), { json: patch });
        const named = patch.map((o) => selectedSequence(o.path)).filter((n) => n !== undefined);
        if (is4xx(reply) && named.length > 0) {
          const now = completedSequences((await readSubscription(ctx, sub.id)).doc);
          if (named.some((n) => now.includes(n))) {
            noteOnce(ctx, `${what}: refused (${reply.status}) while the server reports a cycle it names completed`);
            return;
          }
        }
        expectAccepted(ctx, reply, 204, { status: 'billing.update-subscription.status-204' }, what);
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
  },
);

check(
  {
    name: 'billing accepted: suspend and activate subscription answer 204 to every valid reason',
    rules: [
      'billing.suspend.status-204',
      'billing.activate-subscription.status-204',
      'billing.suspend.reason.length',
      'billing.activate-subscription.reason.length',
    ],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await activeSubscription(ctx, plan.id);
    const plain = { reason: `${ctx.settings.runId} property` };
    const act = (action: Action) => (body: unknown) =>
      ctx.billingSend('POST', subscriptionPath(sub.id, action), { json: body });
    // one suspend and one reactivation per run, so the subscription ends each run ACTIVE
    const round = async (suspend: unknown, activate: unknown, what: string) => {
      const suspended = await judgedAction(
        ctx,
        act('suspend'),
        suspend,
        plain,
        204,
        { status: ACTION_RULES.suspend.status, refused: ACTION_RULES.suspend.length },
        `suspend ${what}`,
      );
      if (!suspended) return;
      await judgedAction(
        ctx,
        act('activate'),
        activate,
        plain,
        204,
        { status: ACTION_RULES.activate.status, refused: ACTION_RULES.activate.length },
        `activate ${what}`,
      );
    };
    await eachFamily(ctx, reasonsAtLimits(ACTION_RULES.suspend.length), (reason, family) =>
      round({ reason }, plain, `with ${family.description}`),
    );
    await eachFamily(ctx, reasonsAtLimits(ACTION_RULES.activate.length), (reason, family) =>
      round(plain, { reason }, `with ${family.description}`),
    );
    await ctx.property(fc.tuple(reasonBody, reasonBody), ([s, a]) => round(s, a, 'with a generated reason'), {
      numRuns: shareOfRuns(ctx.settings.runs, 2),
    });
  },
);

check(
  {
    name: 'billing accepted: cancel subscription answers 204 to every valid reason',
    rules: ['billing.cancel.status-204', 'billing.cancel.reason.length'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const plain = { reason: `${ctx.settings.runId} property` };
    const cancel = async (body: unknown, what: string) => {
      // cancel ends a subscription: each request gets a new one
      const sub = await newSubscription(ctx, plan.id);
      const send = (b: unknown) => ctx.billingSend('POST', subscriptionPath(sub.id, 'cancel'), { json: b });
      await judgedAction(
        ctx,
        send,
        body,
        plain,
        204,
        { status: ACTION_RULES.cancel.status, refused: ACTION_RULES.cancel.length },
        `cancel ${what}`,
      );
    };
    const families: Family<string>[] = reasonsAtLimits(ACTION_RULES.cancel.length);
    await eachFamily(ctx, families, (reason, family) => cancel({ reason }, `with ${family.description}`));
    await ctx.property(reasonBody, (body) => cancel(body, 'with a generated reason'), {
      numRuns: shareOfRuns(ctx.settings.runs, 3),
    });
  },
);

check(
  {
    name: 'billing accepted: capture answers 202 with an empty object to every valid request',
    rules: ['billing.capture.status-202', 'billing.capture.response.empty-object', 'billing.capture.note.length'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    const plain: CaptureBody = {
      note: `${ctx.settings.runId} property`,
      capture_type: 'OUTSTANDING_BALANCE',
      amount: { currency_code: plan.currency, value: '1.00' },
    };
    const send = (body: unknown) => ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: body });
    // capture_type OUTSTANDING_BALANCE: a server may refuse more than the balance it reports as
    // outstanding (1.00, the control's amount, when it reports none), so only a refusal of an
    // amount within it is judged
    const beyondBalance = async (body: CaptureBody, reply: Reply): Promise<boolean> => {
      if (!is4xx(reply)) return false;
      const { doc } = await readSubscription(ctx, sub.id);
      const owed =
        isObject(doc.billing_info) && isObject(doc.billing_info.outstanding_balance)
          ? doc.billing_info.outstanding_balance
          : undefined;
      const limit =
        owed && owed.currency_code === body.amount.currency_code && typeof owed.value === 'string'
          ? Number(owed.value)
          : Number(plain.amount.value);
      if (!(Number(body.amount.value) > limit)) return false;
      noteOnce(
        ctx,
        `capture of more than the outstanding balance (` +
          (owed ? `${String(owed.value)} ${String(owed.currency_code)}` : 'not shown') +
          `) ` +
          `was refused (${reply.status}), which the spec leaves open`,
      );
      return true;
    };
    const capture = async (body: CaptureBody, refused: RuleId, what: string) => {
      const reply = await judgedAction(
        ctx,
        send,
        body,
        plain,
        202,
        { status: 'billing.capture.status-202', refused },
        what,
        (r) => beyondBalance(body, r),
      );
      if (reply) ctx.expectContract(reply.json, S.captureResponse, reply, what);
    };
    const notes = reasonsAtLimits('billing.capture.note.length', 'note');
    await eachFamily(ctx, notes, async (note, family) =>
      capture({ ...plain, note }, family.rule, `capture with ${family.description}`),
    );
    await ctx.property(
      captureBody({ currency: plan.currency }),
      (body) => capture(body, 'billing.capture.status-202', 'capture'),
      {
        numRuns: shareOfRuns(ctx.settings.runs, 2),
      },
    );
  },
);
