import { describe, expect, it } from 'vitest';
import { judgeExchange, type Finding, type RawExchange } from './judge-exchange.js';
import { SequenceJudge } from './sequence.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { createAssigneesState } from '../reference/assignees/model.js';
import { renderIssue } from '../reference/assignees/views.js';
import { switchedOn } from '../reference/switched-on.js';

// The proxy's judges on hand-made exchanges: what one exchange shows, and what a sequence shows.

const AUTH = { authorization: 'Bearer t0ken-value', 'content-type': 'application/json' };
const PLAN_ID = `P-${'A'.repeat(24)}`;
const PLAN = {
  id: PLAN_ID,
  product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
  name: 'n',
  status: 'ACTIVE',
  billing_cycles: [
    {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 0,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { version: 1, fixed_price: { currency_code: 'USD', value: '10' } },
    },
  ],
  payment_preferences: { auto_bill_outstanding: true },
  create_time: '2026-01-01T00:00:00Z',
  update_time: '2026-01-01T00:00:00Z',
  links: [{ href: `http://x.test/v1/billing/plans/${PLAN_ID}`, rel: 'self', method: 'GET' }],
};

function raw(
  method: string,
  target: string,
  status: number,
  request?: unknown,
  response?: unknown,
  headers: Record<string, string> = AUTH,
): RawExchange {
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

/** Judges exchanges as a session does: each on its own with what the sequence knows, then in the sequence. */
function sequence(): { judge: (exchange: RawExchange) => Finding[] } {
  const judge = new SequenceJudge();
  return {
    judge: (exchange) => {
      const judged = judgeExchange(exchange, judge);
      return [...judged.findings, ...judge.judge(judged, exchange)];
    },
  };
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

  it("makes a broken request the client's, and judges the server by what it did with it", () => {
    const broken = {
      product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
      name: 'n'.repeat(128),
      billing_cycles: PLAN.billing_cycles,
      payment_preferences: {},
    };
    const refused = judgeExchange(raw('POST', '/v1/billing/plans', 400, broken, { name: 'INVALID_REQUEST' }));
    expect(refused.client.map((mistake) => mistake.rule)).toEqual(['billing.plan.name.length']);
    expect(refused.findings.find((finding) => finding.rule === 'billing.plan.name.length')).toMatchObject({
      held: true,
      byRefusal: true,
    });
    const taken = judgeExchange(raw('POST', '/v1/billing/plans', 201, broken, PLAN));
    expect(outcome(taken.findings, 'billing.plan.name.length')).toBe(false);
  });

  it('fails a success with another status, a 204 with a body, a body that is not JSON and a 5xx', () => {
    expect(
      outcome(
        judgeExchange(raw('POST', '/v1/billing/plans', 200, { ...PLAN, id: undefined, status: undefined }, PLAN))
          .findings,
        'billing.create-plan.status-201',
      ),
    ).toBe(false);
    const bodied = judgeExchange({
      ...raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'x' }]),
      responseBody: '{}',
    });
    expect(outcome(bodied.findings, 'billing.update-plan.empty-body')).toBe(false);
    const html = judgeExchange({ ...raw('GET', `/v1/billing/plans/${PLAN_ID}`, 404), responseBody: '<html></html>' });
    expect(outcome(html.findings, 'billing.http.json-bodies')).toBe(false);
    expect(
      outcome(
        judgeExchange(raw('GET', '/v1/billing/plans', 503, undefined, { name: 'x' })).findings,
        'billing.errors.no-5xx-on-bad-input',
      ),
    ).toBe(false);
    const plainText = judgeExchange({
      ...raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN),
      responseHeaders: { 'content-type': 'text/plain' },
    });
    expect(outcome(plainText.findings, 'billing.http.json-content-type')).toBe(false);
  });

  it('reads query values as the query contract declares them, not by their look', () => {
    const list = (query: string) =>
      judgeExchange(raw('GET', `/v1/billing/plans?${query}`, 200, undefined, { plans: [], links: [] })).client.map(
        (mistake) => mistake.rule,
      );
    // A product_id is text, digits or not: a valid client is not blamed for its type.
    expect(list('product_id=1234567')).toEqual([]);
    // Five digits are five characters: the length rule is judged, not skipped by a number.
    expect(list('product_id=12345')).toEqual(['billing.list-plans.product_id.length']);
    expect(list('page_size=3&page=2&total_required=true')).toEqual([]);
    expect(list('page_size=three')).toEqual(['billing.list-plans.page_size.type']);
    expect(list('total_required=yes')).toEqual(['billing.list-plans.total_required.type']);
    expect(list('page_size=21')).toEqual(['billing.list-plans.page_size.range']);
  });

  it('reads a comma-separated list parameter as the list the contract declares', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `CUST-${i}`).join(',');
    const list = (query: string) =>
      judgeExchange(
        raw('GET', `/v1/billing/subscriptions?${query}`, 200, undefined, { subscriptions: [], links: [] }),
      ).client.map((mistake) => mistake.rule);
    expect(list(`customer_ids=${ids(2)}`)).toEqual([]);
    expect(list(`customer_ids=${ids(11)}`)).toEqual(['billing.list-subscriptions.customer_ids.items']);
  });

  it('judges the empty body of an operation whose contract names an empty-body rule, and of no other', () => {
    const bodied = (method: string, target: string) =>
      judgeExchange({ ...raw(method, target, 204), responseBody: '{}' }).findings;
    expect(
      outcome(
        judgeExchange(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'x' }]))
          .findings,
        'billing.update-plan.empty-body',
      ),
    ).toBe(true);
    expect(bodied('GET', '/repos/o/r/assignees/alice').map((finding) => finding.rule)).not.toContain(
      'assignees.check.no-content',
    );
  });

  it("takes a billing request without a credential as the client's mistake", () => {
    const judged = judgeExchange(raw('GET', '/v1/billing/plans', 200, undefined, { plans: [], links: [] }, {}));
    expect(judged.client.map((mistake) => mistake.rule)).toEqual(['billing.auth.bearer-required']);
    expect(outcome(judged.findings, 'billing.auth.bearer-required')).toBe(false);
  });
});

describe('a sequence of exchanges', () => {
  it('expects a plan read after a taken patch or a transition to show it', () => {
    const { judge } = sequence();
    judge(
      raw(
        'POST',
        '/v1/billing/plans',
        201,
        { product_id: PLAN.product_id, name: 'n', billing_cycles: PLAN.billing_cycles, payment_preferences: {} },
        { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links },
      ),
    );
    judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'renamed' }]));
    judge(raw('POST', `/v1/billing/plans/${PLAN_ID}/deactivate`, 204));
    const read = judge(
      raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { ...PLAN, name: 'n', status: 'INACTIVE' }),
    );
    expect(outcome(read, 'billing.update-plan.replace.name')).toBe(false);
    expect(outcome(read, 'billing.deactivate-plan.to-inactive')).toBe(true);
    expect(outcome(read, 'billing.plan.product_id.refers-to-product')).toBe(true);
    const subscribed = judge(
      raw(
        'POST',
        '/v1/billing/subscriptions',
        201,
        { plan_id: PLAN_ID },
        { id: 'I-1', status: 'APPROVAL_PENDING', links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }] },
      ),
    );
    expect(outcome(subscribed, 'billing.plan-state.inactive-refuses-subscriptions')).toBe(false);
  });

  it('never follows a resource it did not see created', () => {
    const { judge } = sequence();
    judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'renamed' }]));
    expect(
      outcome(
        judge(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN)),
        'billing.update-plan.replace.name',
      ),
    ).toBeUndefined();
  });

  it('holds a repeated Platform-Request-Id to the first resource', () => {
    const { judge } = sequence();
    const body = {
      product_id: PLAN.product_id,
      name: 'n',
      billing_cycles: PLAN.billing_cycles,
      payment_preferences: {},
    };
    const keyed = { ...AUTH, 'platform-request-id': 'key-1' };
    judge(raw('POST', '/v1/billing/plans', 201, body, { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links }, keyed));
    const again = judge(
      raw(
        'POST',
        '/v1/billing/plans',
        201,
        body,
        { id: `P-${'B'.repeat(24)}`, status: 'ACTIVE', links: PLAN.links },
        keyed,
      ),
    );
    expect(outcome(again, 'billing.create-plan.idempotency-key')).toBe(false);
  });

  it('learns push access and assignability from the traffic before judging an add', () => {
    const { judge } = sequence();
    const issue = (logins: string[]) => ({ number: 1, assignees: logins.map((login) => ({ login })) });
    judge(
      raw('GET', '/repos/octo-org/hello-world/assignees', 200, undefined, [
        { login: 'alice' },
        { login: 'bob' },
        { login: 'carol' },
      ]),
    );
    judge(
      raw('POST', '/repos/octo-org/hello-world/issues/1/assignees', 201, { assignees: ['alice'] }, issue(['alice'])),
    );
    judge(
      raw(
        'POST',
        '/repos/octo-org/hello-world/issues/1/assignees',
        201,
        { assignees: ['bob'] },
        issue(['alice', 'bob']),
      ),
    );
    const ignored = judge(
      raw(
        'POST',
        '/repos/octo-org/hello-world/issues/1/assignees',
        201,
        { assignees: ['carol'] },
        issue(['alice', 'bob']),
      ),
    );
    expect(outcome(ignored, 'assignees.add.adds-named')).toBe(false);
    const anonymous = judge(
      raw(
        'POST',
        '/repos/octo-org/hello-world/issues/1/assignees',
        201,
        { assignees: ['carol'] },
        issue(['alice', 'bob']),
        {},
      ),
    );
    expect(outcome(anonymous, 'assignees.add.adds-named')).toBeUndefined();
  });

  it('takes a 404 of the issue-level check as "cannot be assigned" only on an issue the traffic showed', () => {
    const REPO = '/repos/octo-org/hello-world';
    // Whole issues, as a conforming server answers them: the exchanges below fail nothing else.
    const state = createAssigneesState(0);
    const repo = state.repos[0];
    const issue = (number: number, logins: string[]) =>
      renderIssue(state, repo, { ...repo.issues.get(1)!, number, assignees: logins }, 'http://x.test', switchedOn());
    const rule = 'assignees.add.ignores-not-assignable';
    // A client checks a login for the repository (204), then for an issue that does not exist (404).
    const unknownIssue = sequence();
    unknownIssue.judge(raw('GET', `${REPO}/assignees/kara-okafor`, 204));
    unknownIssue.judge(raw('GET', `${REPO}/issues/99999/assignees/kara-okafor`, 404));
    const added = unknownIssue.judge(
      raw('POST', `${REPO}/issues/1/assignees`, 201, { assignees: ['kara-okafor'] }, issue(1, ['kara-okafor'])),
    );
    expect(added.filter((finding) => !finding.held)).toEqual([]);
    expect(outcome(added, rule)).toBeUndefined();

    // An issue the traffic showed (a taken add, or a 204 for another login), then a 404 for a login.
    const knownIssue = sequence();
    knownIssue.judge(raw('POST', `${REPO}/issues/1/assignees`, 201, { assignees: ['alice'] }, issue(1, ['alice'])));
    knownIssue.judge(raw('GET', `${REPO}/issues/2/assignees/bob`, 204));
    knownIssue.judge(raw('GET', `${REPO}/issues/1/assignees/mallory`, 404));
    knownIssue.judge(raw('GET', `${REPO}/issues/2/assignees/oscar`, 404));
    const assignedMallory = knownIssue.judge(
      raw('POST', `${REPO}/issues/1/assignees`, 201, { assignees: ['mallory'] }, issue(1, ['alice', 'mallory'])),
    );
    expect(outcome(assignedMallory, rule)).toBe(false);
    const assignedOscar = knownIssue.judge(
      raw('POST', `${REPO}/issues/2/assignees`, 201, { assignees: ['oscar'] }, issue(2, ['oscar'])),
    );
    expect(outcome(assignedOscar, rule)).toBe(false);
    // What the check said of issue 1 is not taken to hold of another issue.
    const elsewhere = knownIssue.judge(
      raw('POST', `${REPO}/issues/3/assignees`, 201, { assignees: ['mallory'] }, issue(3, ['mallory'])),
    );
    expect(outcome(elsewhere, rule)).toBeUndefined();
    const ignored = knownIssue.judge(
      raw('POST', `${REPO}/issues/1/assignees`, 201, { assignees: ['mallory'] }, issue(1, ['alice'])),
    );
    expect(outcome(ignored, rule)).toBe(true);
  });
});

describe('a read-back in the sequence', () => {
  const created = (judge: (exchange: RawExchange) => Finding[], prefix = '') => {
    judge(
      raw(
        'POST',
        `${prefix}/v1/billing/plans`,
        201,
        { product_id: PLAN.product_id, name: 'n', billing_cycles: PLAN.billing_cycles, payment_preferences: {} },
        { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links },
      ),
    );
  };
  const fee = (value: string, more: Record<string, unknown> = {}) => ({
    ...PLAN,
    payment_preferences: { auto_bill_outstanding: true, setup_fee: { currency_code: 'USD', value, ...more } },
  });

  it('takes members the server added and decimal text in another form, as run does', () => {
    const { judge } = sequence();
    created(judge);
    judge(
      raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [
        { op: 'replace', path: '/payment_preferences/setup_fee', value: { currency_code: 'USD', value: '5' } },
      ]),
    );
    const read = judge(
      raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, fee('5.00', { breakdown: 'added by the server' })),
    );
    expect(outcome(read, 'billing.update-plan.replace.payment_preferences.setup_fee')).toBe(true);
  });

  it('fails a read-back that shows another amount or leaves a written member out', () => {
    const { judge } = sequence();
    created(judge);
    judge(
      raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [
        { op: 'replace', path: '/payment_preferences/setup_fee', value: { currency_code: 'USD', value: '5' } },
      ]),
    );
    expect(
      outcome(
        judge(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, fee('5.01'))),
        'billing.update-plan.replace.payment_preferences.setup_fee',
      ),
    ).toBe(false);
    judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: '10' }]));
    // "10.0" is another name, not another form of it: only decimal members compare as amounts.
    expect(
      outcome(
        judge(raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { ...PLAN, name: '10.0' })),
        'billing.update-plan.replace.name',
      ),
    ).toBe(false);
  });

  it('takes the same start_time instant in another form, and fails another instant', () => {
    for (const [shown, held] of [
      ['2031-03-01T01:00:00.000+01:00', true],
      ['2031-03-01T00:00:01Z', false],
    ] as const) {
      const { judge } = sequence();
      judge(
        raw(
          'POST',
          '/v1/billing/subscriptions',
          201,
          { plan_id: PLAN_ID },
          {
            id: 'I-1',
            status: 'APPROVAL_PENDING',
            links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }],
          },
        ),
      );
      judge(
        raw('PATCH', '/v1/billing/subscriptions/I-1', 204, [
          { op: 'replace', path: '/start_time', value: '2031-03-01T00:00:00Z' },
        ]),
      );
      const read = judge(
        raw('GET', '/v1/billing/subscriptions/I-1', 200, undefined, {
          id: 'I-1',
          status: 'APPROVAL_PENDING',
          start_time: shown,
        }),
      );
      expect(outcome(read, 'billing.update-subscription.patch.start_time')).toBe(held);
    }
  });

  it('follows resources and repositories behind a path prefix', () => {
    const { judge } = sequence();
    created(judge, '/api/v2');
    judge(
      raw('PATCH', `/api/v2/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'renamed' }]),
    );
    expect(
      outcome(
        judge(raw('GET', `/api/v2/v1/billing/plans/${PLAN_ID}`, 200, undefined, PLAN)),
        'billing.update-plan.replace.name',
      ),
    ).toBe(false);
    const issue = (logins: string[]) => ({ number: 1, assignees: logins.map((login) => ({ login })) });
    const repo = '/gh/repos/octo-org/hello-world';
    judge(raw('GET', `${repo}/assignees`, 200, undefined, [{ login: 'alice' }, { login: 'bob' }, { login: 'carol' }]));
    judge(raw('POST', `${repo}/issues/1/assignees`, 201, { assignees: ['alice'] }, issue(['alice'])));
    judge(raw('POST', `${repo}/issues/1/assignees`, 201, { assignees: ['bob'] }, issue(['alice', 'bob'])));
    expect(
      outcome(
        judge(raw('POST', `${repo}/issues/1/assignees`, 201, { assignees: ['carol'] }, issue(['alice', 'bob']))),
        'assignees.add.adds-named',
      ),
    ).toBe(false);
    expect(
      outcome(
        judge(
          raw('POST', `${repo}/issues/1/assignees`, 201, { assignees: ['carol'] }, issue(['alice', 'bob', 'carol'])),
        ),
        'assignees.add.adds-named',
      ),
    ).toBe(true);
  });

  it('never throws on a path segment that is not valid percent-encoding', () => {
    const { judge } = sequence();
    expect(() => judge(raw('GET', '/repos/o/r/assignees/%E0%A4', 204))).not.toThrow();
    expect(() => judge(raw('GET', '/repos/o/r/issues/%E0%A4/assignees/x', 204))).not.toThrow();
  });
});

describe('what the spec allows, and what it does not', () => {
  const users = (count: number) => Array.from({ length: count }, (_, i) => ({ login: `user${i}`, id: i + 1 }));

  it('takes a per_page over 100 served with at most 100 users, and fails one served with more', () => {
    const clamped = judgeExchange(raw('GET', '/repos/o/r/assignees?per_page=250', 200, undefined, users(100), {}));
    expect(outcome(clamped.findings, 'assignees.list.per-page-max-100')).toBe(true);
    expect(clamped.client.map((mistake) => mistake.rule)).toEqual(['assignees.list.per-page-max-100']);
    expect(
      outcome(
        judgeExchange(raw('GET', '/repos/o/r/assignees?per_page=250', 200, undefined, users(101), {})).findings,
        'assignees.list.per-page-max-100',
      ),
    ).toBe(false);
    expect(
      outcome(
        judgeExchange(raw('GET', '/repos/o/r/assignees?per_page=250', 422, undefined, { message: 'no' }, {})).findings,
        'assignees.list.per-page-max-100',
      ),
    ).toBe(true);
  });

  it('fails a product_id past its length served as a filter that matches nothing', () => {
    const served = judgeExchange(
      raw('GET', `/v1/billing/plans?product_id=${'X'.repeat(51)}`, 200, undefined, { plans: [], links: [] }),
    );
    expect(outcome(served.findings, 'billing.list-plans.product_id.length')).toBe(false);
  });

  it('takes a test operation, which changes nothing, but not one without a value', () => {
    const tested = judgeExchange(
      raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [
        { op: 'test', path: '/status', value: 'ACTIVE' },
        { op: 'replace', path: '/name', value: 'x' },
      ]),
    );
    expect(tested.client).toEqual([]);
    expect(outcome(tested.findings, 'billing.update-plan.status-204')).toBe(true);
    const valueless = judgeExchange(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'test', path: '/name' }]));
    expect(outcome(valueless.findings, 'billing.patch.value.required')).toBe(false);
  });

  it('reads a request with no body as one that lacks its required members, in words', () => {
    const suspended = judgeExchange(raw('POST', '/v1/billing/subscriptions/I-1/suspend', 204));
    expect(suspended.client).toEqual([
      {
        rule: 'billing.suspend.reason.required',
        message: expect.stringMatching(/^suspend subscription with no body: /),
      },
    ]);
    expect(outcome(suspended.findings, 'billing.suspend.reason.required')).toBe(false);
    const activated = judgeExchange(raw('POST', '/v1/billing/subscriptions/I-1/activate', 204));
    expect(activated.client).toEqual([]);
    expect(JSON.stringify(judgeExchange(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 400)).client)).not.toMatch(
      /undefined/,
    );
  });

  it('judges a status update and an activate without a reason by the state the traffic showed', () => {
    const { judge } = sequence();
    judge(
      raw(
        'POST',
        '/v1/billing/plans',
        201,
        { product_id: PLAN.product_id, name: 'n', billing_cycles: PLAN.billing_cycles, payment_preferences: {} },
        { id: PLAN_ID, status: 'ACTIVE', links: PLAN.links },
      ),
    );
    expect(
      outcome(
        judge(
          raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/status', value: 'INACTIVE' }]),
        ),
        'billing.update-plan.other-paths-refused',
      ),
    ).toBe(false);
    judge(raw('POST', `/v1/billing/plans/${PLAN_ID}/deactivate`, 204));
    expect(
      judge(
        raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/status', value: 'ACTIVE' }]),
      ).filter((finding) => !finding.held),
    ).toEqual([]);
    judge(raw('POST', `/v1/billing/plans/${PLAN_ID}/deactivate`, 204));
    expect(
      outcome(
        judge(raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, 204, [{ op: 'replace', path: '/name', value: 'x' }])),
        'billing.update-plan.inactive-status-only',
      ),
    ).toBe(false);

    judge(
      raw(
        'POST',
        '/v1/billing/subscriptions',
        201,
        { plan_id: `P-${'B'.repeat(24)}` },
        { id: 'I-1', status: 'APPROVAL_PENDING', links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }] },
      ),
    );
    // not known SUSPENDED: a reason is not required
    expect(
      judge(raw('POST', '/v1/billing/subscriptions/I-1/activate', 204)).filter((finding) => !finding.held),
    ).toEqual([]);
    judge(raw('GET', '/v1/billing/subscriptions/I-1', 200, undefined, { id: 'I-1', status: 'SUSPENDED' }));
    expect(
      outcome(
        judge(raw('POST', '/v1/billing/subscriptions/I-1/activate', 204)),
        'billing.activate-subscription.reason.required-to-reactivate',
      ),
    ).toBe(false);
  });
});
