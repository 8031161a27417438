import { describe, expect, it } from 'vitest';
import { ISO_4217_CODES } from './iso-4217.js';
import * as sample from './test-support/samples.js';
import { SCHEMA_IDS as S, readablePath, validate, validateReport, validateTargetProfile } from './validate.js';

const messages = (schema: string, value: unknown) => validate(schema, value).map((v) => v.message);

describe('violation messages', () => {
  it('say what was received and what the spec allows, with the spec anchor', () => {
    const cycles = Array.from({ length: 13 }, (_, i) => sample.billingCycle('TRIAL', i + 1));
    expect(messages(S.createPlanRequest, { ...sample.createPlanRequest(), billing_cycles: cycles })).toContain(
      'billing_cycles has 13 items; the spec allows 1 to 12 (billing.md, Plan)',
    );
    expect(messages(S.createPlanRequest, { ...sample.createPlanRequest(), name: 'n'.repeat(128) })).toEqual([
      'name is 128 characters; the spec allows 1 to 127 (billing.md, Plan)',
    ]);
    const { product_id: _, ...noProduct } = sample.createPlanRequest();
    expect(messages(S.createPlanRequest, noProduct)).toEqual([
      'product_id is missing; it is required (billing.md, Plan)',
    ]);
  });

  it('count TRIAL cycles', () => {
    const cycles = [1, 2, 3].map((n) => sample.billingCycle('TRIAL', n));
    expect(messages(S.createPlanRequest, { ...sample.createPlanRequest(), billing_cycles: cycles })).toEqual([
      'billing_cycles has 3 items with tenure_type TRIAL; the spec allows at most 2 (billing.md, Plan)',
    ]);
  });

  it('name nested members and array items', () => {
    const value = sample.createPlanRequest();
    value.billing_cycles[1].sequence = 100;
    value.payment_preferences.setup_fee.currency_code = 'DOLLAR';
    expect(messages(S.createPlanRequest, value).sort()).toEqual([
      'billing_cycles[1].sequence is 100; the spec allows 1 to 99 (billing.md, billing_cycle)',
      'payment_preferences.setup_fee.currency_code is "DOLLAR"; the spec allows one of its ' +
        `${ISO_4217_CODES.length} listed values: Money currency_code is an ISO 4217 currency code ` +
        '(billing.md, Shared value types)',
      'payment_preferences.setup_fee.currency_code is 6 characters; the spec allows exactly 3 ' +
        '(billing.md, Shared value types)',
    ]);
  });

  it('explain enums, types, patterns, formats and conditional rules', () => {
    expect(messages(S.billingCycle, { ...sample.billingCycle(), tenure_type: 'BONUS' })).toEqual([
      'tenure_type is "BONUS"; the spec allows REGULAR, TRIAL (billing.md, billing_cycle)',
    ]);
    expect(messages(S.money, { currency_code: 'USD', value: 10 })).toEqual([
      'value is an integer; the spec requires a string (billing.md, Shared value types)',
    ]);
    expect(messages(S.dateTime, '2026-03-10T10:00+01:00')).toEqual([
      'the value is "2026-03-10T10:00+01:00", which does not have the form the spec states: A ' +
        'date_time is an Internet date-time with seconds (fractional seconds optional) ' +
        '(billing.md, Shared value types)',
    ]);
    expect(messages(S.link, { href: 'no uri', rel: 'self', method: 'GET' })).toEqual([
      'href is "no uri", which is not a URI (billing.md, Shared value types)',
    ]);
    expect(messages(S.storedCredential, { payment_initiator: 'MERCHANT', payment_type: 'ONE_TIME' })).toEqual([
      'payment_initiator is "MERCHANT"; the spec requires "CUSTOMER" here: payment_type ONE_TIME ' +
        'requires payment_initiator CUSTOMER (billing.md, Payment source card shapes)',
    ]);
    expect(messages(S.countryCode, 'UK')).toEqual([
      'the value breaks the rule: Great Britain is GB: no answer shows a country_code UK ' +
        '(billing.md, Shared value types)',
    ]);
    expect(
      messages(S.createSubscriptionResponse, { id: 'I-1', status: 'APPROVAL_PENDING', links: [sample.link('self')] }),
    ).toEqual([
      'links has no item with rel approve; The create subscription response carries a link with ' +
        'rel approve (billing.md, States and transitions)',
    ]);
  });

  it('anchor assignee messages in assignees.md', () => {
    expect(messages(S.listAssigneesQuery, { per_page: 101 })).toEqual([
      'per_page is 101; the spec allows at most 100 (assignees.md, Limits)',
    ]);
    expect(messages(S.user, { ...sample.user(), id: 'one' })).toEqual([
      'id is a string; the spec requires an integer (assignees.md, User)',
    ]);
  });

  it('every violation names a catalog rule', () => {
    const broken = { ...sample.issue(), id: 'x', labels: [{}], assignees: [1], milestone: { creator: 3 }, user: null };
    const found = validate(S.issue, broken);
    expect(found.length).toBeGreaterThan(5);
    for (const v of found) expect(v.ruleId).toMatch(/^assignees\./);
  });

  it('reads instance paths as members and indexes', () => {
    expect(readablePath('/billing_cycles/2/pricing_scheme/tiers/0/amount')).toBe(
      'billing_cycles[2].pricing_scheme.tiers[0].amount',
    );
    expect(readablePath('', 'name')).toBe('name');
    expect(readablePath('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(readablePath('')).toBe('the value');
  });

  it('refuses an unknown contract id', () => {
    expect(() => validate('https://api-conformance.local/schemas/billing/nope.json', {})).toThrow(/unknown contract/);
  });
});

const profile = () => ({
  baseUrl: 'https://staging.example.test',
  billing: { token: 't0k3n', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } },
  assignees: {
    owner: 'octo-org',
    repo: 'hello-world',
    issueNumber: 1,
    pullNumber: 2,
    tokens: { push: 'p', read: 'r' },
    assignable: ['alice', 'bob'],
    notAssignable: 'mallory',
    privateRepo: { owner: 'octo-org', repo: 'secret', issueNumber: 1 },
  },
});

describe('the target profile', () => {
  it('accepts the README example, a base URL alone, and every approval mode', () => {
    expect(validateTargetProfile(profile())).toEqual([]);
    expect(validateTargetProfile({ baseUrl: 'http://127.0.0.1:8080' })).toEqual([]);
    for (const approval of [{ mode: 'none' }, { mode: 'command', command: './approve.sh' }]) {
      expect(validateTargetProfile({ ...profile(), billing: { ...profile().billing, approval } })).toEqual([]);
    }
  });

  it('names each wrong or missing field on its own line', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a profile broken on purpose, member by member
    const p: any = profile();
    delete p.billing.productId;
    p.assignees.issueNumber = '1';
    p.extra = true;
    expect(validateTargetProfile(p).sort()).toEqual([
      'assignees.issueNumber must be an integer',
      'billing.productId is missing',
      'extra is not a known field',
    ]);
    expect(validateTargetProfile({})).toEqual(['baseUrl is missing']);
    expect(validateTargetProfile([])).toEqual(['the target profile must be an object']);
    expect(validateTargetProfile({ baseUrl: 'not a url' })).toContain('baseUrl must be a URI');
  });

  it('requires a command for the command approval mode and knows only the three modes', () => {
    const withApproval = (approval: unknown) =>
      validateTargetProfile({ ...profile(), billing: { ...profile().billing, approval } });
    expect(withApproval({ mode: 'command' })).toEqual(['billing.approval.command is missing']);
    expect(withApproval({ mode: 'click' })).toEqual([
      'billing.approval.mode must be one of follow-link, none, command',
    ]);
  });
});

const report = () => ({
  tool: { name: 'api-conformance', version: '0.1.0' },
  target: {
    baseUrl: 'http://127.0.0.1:1234',
    sections: {
      billing: { certified: true },
      assignees: { certified: false, reason: 'no assignees section in the profile' },
    },
  },
  startedAt: '2026-03-10T10:00:00.000Z',
  durationMs: 1234,
  seed: 42,
  settings: { runs: 10, concurrency: 4, timeoutMs: 10000, suites: ['billing'], grep: null, shard: null },
  summary: {
    verdict: 'NON_CONFORMANT',
    rules: 1,
    passed: 0,
    failed: 1,
    warnings: 0,
    skipped: 0,
    errors: 0,
    requests: 1,
    mustPassed: 0,
    mustPassedProven: 0,
    sections: {
      billing: {
        verdict: 'NON_CONFORMANT',
        note: '1 MUST rule(s) failed',
        rules: 1,
        passed: 0,
        failed: 1,
        warnings: 0,
        skipped: 0,
        errors: 0,
        mustRules: 1,
        mustPassed: 0,
      },
      assignees: {
        verdict: 'NOT_CERTIFIED',
        note: 'no assignees section in the profile',
        rules: 0,
        passed: 0,
        failed: 0,
        warnings: 0,
        skipped: 0,
        errors: 0,
        mustRules: 0,
        mustPassed: 0,
      },
    },
  },
  rules: [
    {
      id: 'billing.plan.name.length',
      title: 'Plan name is 1 to 127 characters',
      level: 'MUST',
      kind: 'limit',
      spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
      status: 'failed',
      proof: { fault: 'plan-name-128-accepted' },
      checks: [
        {
          name: 'create plan refuses a 128-character name',
          file: 'suites/billing/limits.check.ts',
          status: 'failed',
          message: 'expected a 4xx',
          expected: '4xx',
          received: '201',
          seed: 42,
          path: '0:1',
          rerun: 'npx api-conformance run --seed 42',
          curl: "curl -X POST 'http://127.0.0.1:1234/v1/billing/plans'",
          durationMs: 12,
          evidence: [
            {
              request: {
                method: 'POST',
                url: 'http://127.0.0.1:1234/v1/billing/plans',
                headers: { authorization: 'Bearer [redacted]' },
                body: '{}',
              },
              response: { status: 201, headers: { 'content-type': 'application/json' }, body: '{}', truncated: false },
              durationMs: 12,
            },
            {
              request: { method: 'GET', url: 'http://127.0.0.1:1/x', headers: {} },
              error: 'connection refused',
              durationMs: 1,
            },
          ],
        },
      ],
    },
  ],
});

describe('the report', () => {
  it('accepts a complete report', () => {
    expect(validateReport(report())).toEqual([]);
  });

  it('names what is wrong', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a report broken on purpose, member by member
    const r: any = report();
    r.summary.verdict = 'MOSTLY_OK';
    delete r.rules[0].checks[0].evidence[0].request.headers;
    r.rules[0].checks[0].evidence[0].response.headers.x = 1;
    expect(validateReport(r).sort()).toEqual([
      'rules[0].checks[0].evidence[0].request.headers is missing',
      'rules[0].checks[0].evidence[0].response.headers.x must be a string',
      'summary.verdict must be one of CONFORMANT, PARTIAL, INCOMPLETE, NON_CONFORMANT',
    ]);
  });
});
