import { describe, expect, it } from 'vitest';
import { judgeExchange, type Finding, type RawExchange } from './judge-exchange.js';
import { sameValue, SequenceJudge } from './sequence.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// The proxy's judges on hand-made exchanges: what one exchange shows, and what a sequence shows.

const AUTH = { authorization: 'Bearer t0ken-value', 'content-type': 'application/json' };
const PLAN_ID = `P-${'A'.repeat(24)}`;
const PLAN = {
  id: PLAN_ID,
  product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
  name: 'n',
  status: 'ACTIVE',
  billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, frequency: { interval_unit: 'MONTH', interval_count: 1 }, pricing_scheme: { version: 1, fixed_price: { currency_code: 'USD', value: '10' } } }],
  payment_preferences: { auto_bill_outstanding: true },
  create_time: '2026-01-01T00:00:00Z',
  update_time: '2026-01-01T00:00:00Z',
  links: [{ href: `http://x.test/v1/billing/plans/${PLAN_ID}`, rel: 'self', method: 'GET' }],
};

function raw(method: string, target: string, status: number, request?: unknown, response?: unknown, headers: Record<string, string> = AUTH): RawExchange {
  return {
    method,
    target,
    requestHeaders: headers,
    requestBody: request === undefined ? '' : JSON.stringify(request),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: response === undefined ? '' : JSON.stringify(response),
    truncated: false,
  };
}

const outcome = (findings: Finding[], rule: RuleId): boolean | undefined => {
  const mine = findings.filter((finding) => finding.rule === rule);
  return mine.length === 0 ? undefined : mine.every((finding) => finding.held);
};

function sequence(): { judge: (exchange: RawExchange) => Finding[] } {
  const judge = new SequenceJudge();
  return { judge: (exchange) => judge.judge(judgeExchange(exchange), exchange) };
}

describe('one exchange', () => {
  it('holds a valid request to the stated success status and the answer to its contract', () => {
    const judged = judgeExchange(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN));
    expect(judged.client).toEqual([]);
    expect(outcome(judged.findings, 'billing.show-plan.status-200')).toBe(true);
    expect(outcome(judged.findings, 'billing.plan.id.pattern')).toBe(true);
    const wrong = judgeExchange(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { ...PLAN, id: 'plan-1' }));
    expect(outcome(wrong.findings, 'billing.plan.id.pattern')).toBe(false);
  });

  it('makes a broken request the client\'s, and judges the server by what it did with it', () => {
    const broken = { product_id: 'PROD-4CWK2S8EBB4FG3ZT1', name: 'n'.repeat(128), billing_cycles: PLAN.billing_cycles, payment_preferences: {} };
    const refused = judgeExchange(raw('POST', '/v1/billing/plans', 400, broken, { name: 'INVALID_REQUEST' }));
    expect(refused.client.map((mistake) => mistake.rule)).toEqual(['billing.plan.name.length']);
    expect(refused.findings.find((finding) => finding.rule === 'billing.plan.name.length')).toMatchObject({ held: true, byRefusal: true });
    const taken = judgeExchange(raw('POST', '/v1/billing/plans', 201, broken, PLAN));
    expect(outcome(taken.findings, 'billing.plan.name.length')).toBe(false);
  });

  it('fails a success with another status, a 204 with a body, a body that is not JSON and a 5xx', () => {
    expect(outcome(judgeExchange(raw('POST', '/v1/billing/plans', 200, { ...PLAN, id: undefined, status: undefined }, PLAN)).findings, 'billing.create-plan.status-201')).toBe(false);
    const bodied = judgeExchange({ ...raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'x' }]), responseBody: '{}' });
    expect(outcome(bodied.findings, 'billing.update-plan.empty-body')).toBe(false);
    const html = judgeExchange({ ...raw('GET', `/v1/billing/plans/${PLAN_ID}`, 404), responseBody: '<html></html>' });
    expect(outcome(html.findings, 'billing.http.json-bodies')).toBe(false);
    expect(outcome(judgeExchange(raw('GET', '/v1/billing/plans', 503, undefined, { name: 'x' })).findings, 'billing.errors.no-5xx-on-bad-input')).toBe(false);
    const plainText = judgeExchange({ ...raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN), responseHeaders: { 'content-type': 'text/plain' } });
    expect(outcome(plainText.findings, 'billing.http.json-content-type')).toBe(false);
  });

  it('takes a billing request without a credential as the client\'s mistake', () => {
    const judged = judgeExchange(raw('GET', '/v1/billing/plans', 200, undefined, { plans: [], links: [] }, {}));
    expect(judged.client.map((mistake) => mistake.rule)).toEqual(['billing.auth.bearer-required']);
    expect(outcome(judged.findings, 'billing.auth.bearer-required')).toBe(false);
  });
});

describe('a sequence of exchanges', () => {
  it('expects a plan read after a taken patch or a transition to show it', () => {
    const { judge } = sequence();
    judge(raw('POST', '/v1/billing/plans', 201, { product_id: PLAN.product_id, name: 'n', billing_cycles: PLAN.billing_cycles, payment_preferences: {} }, { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links }));
    judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'renamed' }]));
    judge(raw('POST', `/v1/billing/plans/${PLAN_ID}/deactivate`, 204));
    const read = judge(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { ...PLAN, name: 'n', status: 'INACTIVE' }));
    expect(outcome(read, 'billing.update-plan.replace.name')).toBe(false);
    expect(outcome(read, 'billing.deactivate-plan.to-inactive')).toBe(true);
    expect(outcome(read, 'billing.plan.product_id.refers-to-product')).toBe(true);
    const subscribed = judge(raw('POST', '/v1/billing/subscriptions', 201, { plan_id: PLAN_ID }, { id: 'I-1', status: 'APPROVAL_PENDING', links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }] }));
    expect(outcome(subscribed, 'billing.plan-state.inactive-refuses-subscriptions')).toBe(false);
  });

  it('never follows a resource it did not see created', () => {
    const { judge } = sequence();
    judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'renamed' }]));
    expect(judge(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN))).toEqual([]);
  });

  it('holds a repeated Platform-Request-Id to the first resource', () => {
    const { judge } = sequence();
    const body = { product_id: PLAN.product_id, name: 'n', billing_cycles: PLAN.billing_cycles, payment_preferences: {} };
    const keyed = { ...AUTH, 'platform-request-id': 'key-1' };
    judge(raw('POST', '/v1/billing/plans', 201, body, { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links }, keyed));
    const again = judge(raw('POST', '/v1/billing/plans', 201, body, { id: `P-${'B'.repeat(24)}`, status: 'ACTIVE', links: PLAN.links }, keyed));
    expect(outcome(again, 'billing.create-plan.idempotency-key')).toBe(false);
  });

  it('learns push access and assignability from the traffic before judging an add', () => {
    const { judge } = sequence();
    const issue = (logins: string[]) => ({ number: 1, assignees: logins.map((login) => ({ login })) });
    judge(raw('GET', '/repos/octo-org/hello-world/assignees', 200, undefined, [{ login: 'alice' }, { login: 'bob' }, { login: 'carol' }]));
    judge(raw('POST', '/repos/octo-org/hello-world/issues/1/assignees', 201, { assignees: ['alice'] }, issue(['alice'])));
    judge(raw('POST', '/repos/octo-org/hello-world/issues/1/assignees', 201, { assignees: ['bob'] }, issue(['alice', 'bob'])));
    const ignored = judge(raw('POST', '/repos/octo-org/hello-world/issues/1/assignees', 201, { assignees: ['carol'] }, issue(['alice', 'bob'])));
    expect(outcome(ignored, 'assignees.add.adds-named')).toBe(false);
    const anonymous = judge(raw('POST', '/repos/octo-org/hello-world/issues/1/assignees', 201, { assignees: ['carol'] }, issue(['alice', 'bob']), {}));
    expect(outcome(anonymous, 'assignees.add.adds-named')).toBeUndefined();
  });
});

describe('sameValue', () => {
  it('compares decimal text by amount and date-times by instant, the rest exactly', () => {
    expect(sameValue('10.0', '10.00')).toBe(true);
    expect(sameValue('2026-01-01T00:00:00Z', '2026-01-01T01:00:00+01:00')).toBe(true);
    expect(sameValue({ a: ['x'] }, { a: ['x'] })).toBe(true);
    expect(sameValue('USD', 'usd')).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
