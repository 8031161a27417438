import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiRules } from '../contracts/operations.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { MINIMAL_LEAN } from '../judging/prefer.js';
import { PLAN_STATUSES } from '../suites/billing/model/plan/model.js';
import {
  ACTIVATE_PLAN,
  createdPlanStatus,
  DEACTIVATE_PLAN,
  planPatchOutcome,
  subscriptionsOnPlan,
  UPDATE_KEEPS_STATE as PLAN_KEEPS,
} from '../suites/billing/model/plan/state-table.js';
import {
  NEW_SUBSCRIPTION,
  reasonRequiredToActivate,
  UPDATE_KEEPS_STATE as SUBSCRIPTION_KEEPS,
} from '../suites/billing/model/subscription/state-table.js';
import {
  captureBodyInvalid,
  createPlanBodyInvalid,
  createSubscriptionBodyInvalid,
  listPlansQueryInvalid,
  listSubscriptionsQueryInvalid,
  planPatchRefused,
  reasonBodyInvalid,
  showSubscriptionQueryInvalid,
  type Invalid,
} from '../generators/index.js';
import { judgeRequiredRefusal } from '../judging/refusal.js';
import { judgeBrokenQuery } from '../suites/billing/properties/query-leniency.js';
import { expectRefusedAndUnchanged } from '../suites/billing/support/patch.js';
import { judgeExchange, type RawExchange } from './judge-exchange.js';
import { SequenceJudge } from './sequence.js';
import { PLAN_ID, raw, TABLE, type Row } from './test-support/modes-table.js';
import { recordingCtx, replyOf, type Verdict } from './test-support/recording-ctx.js';

// The proxy and `run` give the same verdict on the same exchange: each exchange of a shared table
// goes to the proxy's judges (with the exchanges before it, as a session would see them) and to
// the function the corresponding suite check calls. Then the requests `run`'s checks send to be
// refused, drawn from the same generators, go through both, refused and taken.

function proxyVerdict(rule: RuleId, exchange: RawExchange, before: readonly RawExchange[] = []): Verdict {
  const sequence = new SequenceJudge();
  const judge = (each: RawExchange) => {
    const judged = judgeExchange(each, sequence);
    return [...judged.findings, ...sequence.judge(judged, each)];
  };
  for (const earlier of before) judge(earlier);
  const mine = judge(exchange).filter((finding) => finding.rule === rule);
  return mine.length === 0 ? 'not judged' : mine.every((finding) => finding.held) ? 'held' : 'broken';
}

/** The rules both modes judge by the lifecycle model's state tables, the Prefer and the content coding judges. */
const JUDGED_BY_BOTH: readonly RuleId[] = [
  ...[ACTIVATE_PLAN, DEACTIVATE_PLAN].map((action) => action.nextStateRule),
  createdPlanStatus(undefined).rule,
  createdPlanStatus('CREATED').rule,
  ...PLAN_STATUSES.map((state) => subscriptionsOnPlan(state).rule),
  ...PLAN_STATUSES.flatMap((state) =>
    ['replace', 'add', 'test'].flatMap((op) => ['/status', '/name'].map((path) => planPatchOutcome(state, op, path))),
  ).flatMap((outcome) => (typeof outcome === 'object' ? [outcome.refuse] : [])),
  PLAN_KEEPS.rule,
  SUBSCRIPTION_KEEPS.rule,
  NEW_SUBSCRIPTION.rule,
  NEW_SUBSCRIPTION.approveLinkRule,
  reasonRequiredToActivate('SUSPENDED')!,
  ...Object.values(MINIMAL_LEAN).map((lean) => lean.rule),
  apiRules('billing').unaskedCoding,
];

describe('one table of exchanges, judged by the proxy and by run', () => {
  it('has rows for every rule both modes judge by the state tables and the answer judges', () => {
    const named = new Set(TABLE.map((row) => row.rule));
    expect([...new Set(JUDGED_BY_BOTH)].filter((rule) => !named.has(rule))).toEqual([]);
  });

  it.each(TABLE.map((row) => [row.name, row] as const))('%s', (_name, row: Row) => {
    expect(proxyVerdict(row.rule, row.exchange, row.before), row.rule).toBe(row.run(row.exchange));
  });

  it('holds, for each rule it names, an exchange that holds it or is not judged and one that breaks it', () => {
    const byRule = new Map<string, Set<Verdict>>();
    for (const row of TABLE) byRule.set(row.rule, (byRule.get(row.rule) ?? new Set()).add(row.run(row.exchange)));
    const oneSided = [...byRule].filter(
      ([rule, verdicts]) =>
        !verdicts.has('broken') &&
        ![
          'billing.plan-state.active-accepts-subscriptions',
          'billing.plan-state.created-refuses-subscriptions',
        ].includes(rule),
    );
    expect(oneSided.map(([rule]) => rule)).toEqual([]);
  });
});

/** The query the client of `run` sends for a generated query value, as a request target. */
function targetOf(path: string, value: unknown): string {
  const params = new URLSearchParams();
  for (const [name, member] of Object.entries(value as Record<string, unknown>))
    if (member !== undefined) params.set(name, String(member));
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

const draw = <T>(arbitrary: fc.Arbitrary<T>, count = 80): T[] => fc.sample(arbitrary, { seed: 7, numRuns: count });
const statuses = [400, 201] as const;

describe('the requests run sends to be refused, refused and taken', () => {
  it('a body breaking a rule of create plan, create subscription, capture or suspend: refused in both', () => {
    const cases: Array<[string, Invalid]> = [
      ...draw(createPlanBodyInvalid({ productId: 'PROD-4CWK2S8EBB4FG3ZT1', tag: 'cnf1' })).map(
        (invalid): [string, Invalid] => ['/v1/billing/plans', invalid],
      ),
      ...draw(createSubscriptionBodyInvalid({ planId: PLAN_ID })).map((invalid): [string, Invalid] => [
        '/v1/billing/subscriptions',
        invalid,
      ]),
      ...draw(captureBodyInvalid({ currency: 'USD' })).map((invalid): [string, Invalid] => [
        '/v1/billing/subscriptions/I-1/capture',
        invalid,
      ]),
      ...draw(reasonBodyInvalid('suspend')).map((invalid): [string, Invalid] => [
        '/v1/billing/subscriptions/I-1/suspend',
        invalid,
      ]),
    ];
    const disagreements = cases.flatMap(([path, invalid]) =>
      statuses.flatMap((status) => {
        const exchange = raw(
          'POST',
          path,
          status,
          invalid.value,
          status === 400 ? { name: 'INVALID_REQUEST' } : { id: 'X-1', status: 'ACTIVE', links: [] },
        );
        const run = judgeRequiredRefusal(invalid.rule, status, invalid.description).held ? 'held' : 'broken';
        const proxy = proxyVerdict(invalid.rule, exchange);
        return proxy === run
          ? []
          : [`${path} ${invalid.rule} (${invalid.description}) answered ${status}: run ${run}, proxy ${proxy}`];
      }),
    );
    expect(disagreements).toEqual([]);
  });

  it('a plan patch the plan patch checks send to be refused', () => {
    const created = raw(
      'POST',
      '/v1/billing/plans',
      201,
      { product_id: 'PROD-4CWK2S8EBB4FG3ZT1', name: 'n', billing_cycles: [], payment_preferences: {} },
      { id: PLAN_ID, status: 'ACTIVE', links: [] },
    );
    const disagreements = draw(planPatchRefused({ tag: 'cnf1' })).flatMap((invalid) =>
      [400, 204].flatMap((status) => {
        const exchange = raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, status, invalid.value);
        const recording = recordingCtx();
        const reply = replyOf(exchange);
        recording.judge(() =>
          expectRefusedAndUnchanged(recording.ctx, {
            rule: invalid.rule,
            what: invalid.description,
            reply,
            before: {},
            after: {},
            readBack: reply,
            members: [],
          }),
        );
        const run = recording.verdict(invalid.rule) === 'broken' ? 'broken' : 'held';
        const proxy = proxyVerdict(invalid.rule, exchange, [created]);
        return proxy === run
          ? []
          : [`${invalid.rule} (${invalid.description}) answered ${status}: run ${run}, proxy ${proxy}`];
      }),
    );
    expect(disagreements).toEqual([]);
  });

  it('a list or show query past a limit, refused, served empty, or served as a page of 20', () => {
    const cases: Array<[string, Invalid, 'plans' | 'subscriptions' | undefined]> = [
      ...draw(listPlansQueryInvalid({ productId: 'PROD-4CWK2S8EBB4FG3ZT1' })).map(
        (invalid): [string, Invalid, 'plans'] => ['/v1/billing/plans', invalid, 'plans'],
      ),
      ...draw(listSubscriptionsQueryInvalid({ planIds: [PLAN_ID] })).map(
        (invalid): [string, Invalid, 'subscriptions'] => ['/v1/billing/subscriptions', invalid, 'subscriptions'],
      ),
      ...draw(showSubscriptionQueryInvalid).map((invalid): [string, Invalid, undefined] => [
        '/v1/billing/subscriptions/I-1',
        invalid,
        undefined,
      ]),
    ];
    const answers = (key: string | undefined): Array<[number, unknown]> => [
      [422, { name: 'UNPROCESSABLE_ENTITY' }],
      [200, key ? { [key]: [], links: [] } : { id: 'I-1', status: 'ACTIVE' }],
      [
        200,
        key
          ? { [key]: Array.from({ length: 20 }, (_, i) => ({ id: `X-${i}` })), links: [] }
          : { id: 'I-1', status: 'ACTIVE' },
      ],
    ];
    const disagreements = cases.flatMap(([path, invalid, key]) =>
      answers(key).flatMap(([status, body]) => {
        const exchange = raw('GET', targetOf(path, invalid.value), status, undefined, body);
        const recording = recordingCtx();
        recording.judge(() =>
          judgeBrokenQuery(recording.ctx, { reply: replyOf(exchange), invalid, what: path, ...(key ? { key } : {}) }),
        );
        const run = recording.verdict(invalid.rule);
        const proxy = proxyVerdict(invalid.rule, exchange);
        return proxy === run
          ? []
          : [`${exchange.target.slice(0, 120)} ${invalid.rule} answered ${status}: run ${run}, proxy ${proxy}`];
      }),
    );
    expect(disagreements).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });
});
