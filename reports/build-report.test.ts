import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { proofsOf } from '../contracts/proofs.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { renderJunit } from './junit.js';
import { renderSummary } from './summary-md.js';
import { renderHtml } from './html/page.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

const rule = (id: string, level: 'MUST' | 'SHOULD' = 'MUST'): Rule => ({
  id,
  title: `statement of ${id}`,
  level,
  spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
  kind: 'limit',
  contracts: [],
});
const CATALOG = [
  rule('billing.plan.name.length'),
  rule('billing.plan.status.enum'),
  rule('billing.unknown-id.status-404', 'SHOULD'),
];

const info = runInfo({
  sections: {
    billing: { certified: true },
    assignees: { certified: false, reason: 'the target profile has no assignees section' },
  },
  settings: { suites: ['billing'] },
});

const passed = (rules: string[]): CheckResult => ({
  name: `passes ${rules.join(',')}`,
  file: 'f',
  state: 'passed',
  durationMs: 5,
  meta: checkMeta({ rules, requests: 2 }),
});

describe('buildReport', () => {
  it('is CONFORMANT when every exercised MUST rule passed, and says what was not exercised', () => {
    const report = buildReport(
      [passed(['billing.plan.name.length']), passed(['billing.plan.status.enum'])],
      CATALOG,
      info,
    );
    expect(report.summary.verdict).toBe('CONFORMANT');
    expect(report.summary.requests).toBe(4);
    const notExercised = report.rules.find((r) => r.id === 'billing.unknown-id.status-404');
    expect(notExercised?.status).toBe('skipped');
    expect(notExercised?.reason).toMatch(/not exercised/);
  });

  it('is NON_CONFORMANT when a MUST rule failed, with the evidence on that rule', () => {
    const failing = failedCheck(
      'create plan refuses a long name',
      {
        rule: 'billing.plan.name.length',
        message: 'a 128-character name was accepted',
        expected: 'a 4xx refusal',
        received: 'status 201',
        exchanges: [
          {
            request: { method: 'POST', url: 'http://x/v1/billing/plans', headers: {} },
            response: { status: 201, headers: {}, body: '{}' },
            durationMs: 1,
          },
        ],
        curl: "curl -X POST 'http://x/v1/billing/plans'",
      },
      { rules: ['billing.plan.name.length', 'billing.plan.status.enum'] },
    );
    const report = buildReport([failing, passed(['billing.plan.status.enum'])], CATALOG, info);
    expect(report.summary.verdict).toBe('NON_CONFORMANT');
    const failed = report.rules.find((r) => r.id === 'billing.plan.name.length')!;
    expect(failed.status).toBe('failed');
    expect(failed.checks[0].evidence).toHaveLength(1);
    expect(renderSummary(report)).toContain('`billing.plan.name.length`');
    expect(renderJunit(report)).toContain('<failure message="a 128-character name was accepted"');
    const html = renderHtml(report);
    expect(html).toContain('NON_CONFORMANT');
    expect(html).toContain('status 201');
  });

  it('turns a failed SHOULD rule into a warning that does not gate', () => {
    const failing = failedCheck('unknown plan id is 404', {
      rule: 'billing.unknown-id.status-404',
      message: '400',
      exchanges: [],
    });
    const report = buildReport(
      [failing, passed(['billing.plan.name.length', 'billing.plan.status.enum'])],
      CATALOG,
      info,
    );
    expect(report.rules.find((r) => r.id === 'billing.unknown-id.status-404')?.status).toBe('warning');
    expect(report.summary.verdict).toBe('CONFORMANT');
  });

  it(
    'is INCOMPLETE when a MUST rule errored, naming the most frequent cause; PARTIAL when one ' + 'was only skipped',
    () => {
      const errored: CheckResult = {
        name: 'e',
        file: 'f',
        state: 'failed',
        durationMs: 1,
        meta: checkMeta({ rules: ['billing.plan.status.enum'], error: 'rate-limited: 429 to GET /v1/billing/plans' }),
      };
      const skipped: CheckResult = {
        name: 's',
        file: 'f',
        state: 'skipped',
        durationMs: 0,
        meta: checkMeta({ rules: ['billing.plan.name.length'], skipReason: 'approval mode is none' }),
      };
      const report = buildReport([errored, skipped], CATALOG, info);
      expect(report.summary.verdict).toBe('INCOMPLETE');
      expect(report.summary.verdictNote).toMatch(/1 MUST rule\(s\) checked without a verdict.*429/);
      expect(buildReport([skipped, passed(['billing.plan.status.enum'])], CATALOG, info).summary.verdict).toBe(
        'PARTIAL',
      );
      expect(report.rules.find((r) => r.id === 'billing.plan.status.enum')?.status).toBe('error');
      expect(report.rules.find((r) => r.id === 'billing.plan.name.length')?.reason).toBe('approval mode is none');
    },
  );

  it('is at most PARTIAL when only some checks ran (--grep, one unmerged shard), and says why', () => {
    const all = [passed(['billing.plan.name.length']), passed(['billing.plan.status.enum'])];
    const grep = buildReport(all, CATALOG, { ...info, settings: { ...info.settings, grep: 'plan' } }).summary;
    expect(grep.verdict).toBe('PARTIAL');
    expect(grep.verdictNote).toMatch(/--grep plan.*CONFORMANT verdict needs every check/);
    expect(buildReport(all, CATALOG, { ...info, settings: { ...info.settings, shard: '1/2' } }).summary.verdict).toBe(
      'PARTIAL',
    );
    const merged = buildReport(all, CATALOG, {
      ...info,
      settings: { ...info.settings, shard: 'merged 2 shards' },
    }).summary;
    expect(merged.verdict).toBe('CONFORMANT');
    expect(merged.verdictNote).toBeUndefined();
  });

  it('names the MUST rules that kept a run PARTIAL', () => {
    const skipped: CheckResult = {
      name: 's',
      file: 'f',
      state: 'skipped',
      durationMs: 0,
      meta: checkMeta({ rules: ['billing.plan.name.length'], skipReason: 'approval mode is none' }),
    };
    const note = buildReport([skipped, passed(['billing.plan.status.enum'])], CATALOG, info).summary.verdictNote;
    expect(note).toContain('billing.plan.name.length skipped');
  });

  it('is INCOMPLETE when nothing was verified at all: never a pass', () => {
    expect(buildReport([], CATALOG, info).summary.verdict).toBe('INCOMPLETE');
  });

  it('is INCOMPLETE when no section is certified, though a check ran and passed (a quick look)', () => {
    const quickLook = 'quick look (--base-url without --target): no credentials';
    const uncertified = {
      ...info,
      sections: {
        billing: { certified: false, reason: quickLook },
        assignees: { certified: false, reason: quickLook },
      },
    };
    const summary = buildReport(
      [passed(['billing.plan.name.length', 'billing.plan.status.enum'])],
      CATALOG,
      uncertified,
    ).summary;
    expect(summary.passed).toBe(2);
    expect(summary.verdict).toBe('INCOMPLETE');
    expect(summary.verdictNote).toBe(`nothing is certified: no API section is (${quickLook})`);
    // A MUST failure is still a failure, certified or not.
    const failing = failedCheck('f', { rule: 'billing.plan.name.length', message: 'x', exchanges: [] });
    expect(buildReport([failing], CATALOG, uncertified).summary.verdict).toBe('NON_CONFORMANT');
  });

  it('is INCOMPLETE when only SHOULD rules passed: no MUST rule was verified', () => {
    const summary = buildReport([passed(['billing.unknown-id.status-404'])], CATALOG, info).summary;
    expect(summary.verdict).toBe('INCOMPLETE');
    expect(summary.verdictNote).toBe('nothing is certified: no MUST rule passed');
  });

  it('treats a failure naming an unknown rule as an error of the declared rules', () => {
    const bad = failedCheck(
      'b',
      { rule: 'billing.nope', message: 'x', exchanges: [] },
      { rules: ['billing.plan.name.length'] },
    );
    const report = buildReport([bad], CATALOG, info);
    expect(report.rules.find((r) => r.id === 'billing.plan.name.length')?.status).toBe('error');
  });
});

describe('renderJunit', () => {
  it('escapes markup and characters XML cannot hold', () => {
    const failing = failedCheck('x', { rule: 'billing.plan.name.length', message: '<b>&"\u0001', exchanges: [] });
    const xml = renderJunit(buildReport([failing], CATALOG, info));
    expect(xml).toContain('&lt;b&gt;&amp;&quot;\uFFFD');
    expect(xml).not.toContain('\u0001');
  });

  it('fails every rule one answer broke and credits what the failed check saw hold', () => {
    const failing = failedCheck(
      'show plan answers a plan',
      {
        rule: 'billing.plan.name.length',
        message: 'the plan: name has 0 characters',
        exchanges: [],
        more: [
          { rule: 'billing.plan.status.enum', message: 'the plan: status is "GONE"', received: '/status broke "enum"' },
        ],
      },
      checkMeta({
        rules: ['billing.unknown-id.status-404'],
        covered: ['billing.plan.status.enum', 'billing.unknown-id.status-404'],
      }),
    );
    const report = buildReport([failing], CATALOG, info);
    const byId = (id: string) => report.rules.find((r) => r.id === id)!;
    expect(byId('billing.plan.name.length').status).toBe('failed');
    expect(byId('billing.plan.status.enum').status).toBe('failed');
    expect(byId('billing.plan.status.enum').checks[0].message).toBe('the plan: status is "GONE"');
    expect(byId('billing.plan.status.enum').checks[0].received).toBe('/status broke "enum"');
    // Covered on the way and not broken: credited although the check failed.
    expect(byId('billing.unknown-id.status-404').status).toBe('passed');
  });

  it('gives each rule the fault that proves its checks can fail it, and counts the passed MUST rules proven', () => {
    const report = buildReport(
      [passed(['billing.plan.name.length']), passed(['billing.plan.status.enum'])],
      CATALOG,
      info,
    );
    const name = report.rules.find((r) => r.id === 'billing.plan.name.length')!;
    // Credited by a check the self-test never saw failing the rule: not proven, and the note says why.
    expect(name.proof).toBeNull();
    expect(name.proofNote).toMatch(
      new RegExp(
        '^not proven by this run: it was credited by "passes billing\\.plan\\.name\\.length"; ' +
          'the self-test saw it failed by ',
      ),
    );
    expect(report.rules.find((r) => r.id === 'billing.unknown-id.status-404')!.proof).toBeNull();
    expect(report.summary.mustPassed).toBe(2);
    expect(report.summary.mustPassedProven).toBe(0);
    expect(renderSummary(report)).toContain('0 of the 2 MUST rules passed are proven');
  });

  it('binds the proof to the check that credited the rule and that the self-test saw failing it', () => {
    const [proof] = proofsOf('billing.plan.name.length');
    const prover = proof.checks[0].name;
    const byProver: CheckResult = { ...passed(['billing.plan.name.length']), name: prover };
    const report = buildReport([passed(['billing.plan.name.length']), byProver], CATALOG, info);
    const name = report.rules.find((r) => r.id === 'billing.plan.name.length')!;
    expect(name.proof).toEqual({ fault: proof.fault, check: prover });
    expect(name.proofNote).toBeUndefined();
    // The proving check is the first pass listed.
    expect(name.checks.find((c) => c.status === 'passed')!.name).toBe(prover);
    expect(report.summary.mustPassedProven).toBe(1);
  });

  it('fails the no-5xx rule of a check whose requests met a 5xx, beside the pass of its own rules', () => {
    const catalog = [...CATALOG, rule('billing.errors.no-5xx-on-bad-input', 'SHOULD')];
    const serverErrors = {
      rule: 'billing.errors.no-5xx-on-bad-input',
      message: '1 request was answered with a 5xx; the first: GET /v1/billing/plans answered 500',
      exchanges: [],
    };
    const check: CheckResult = {
      name: 'lists plans',
      file: 'f',
      state: 'passed',
      durationMs: 5,
      meta: checkMeta({ rules: ['billing.plan.name.length'], serverErrors }),
    };
    const report = buildReport([check], catalog, info);
    expect(report.rules.find((r) => r.id === 'billing.plan.name.length')!.status).toBe('passed');
    const no5xx = report.rules.find((r) => r.id === 'billing.errors.no-5xx-on-bad-input')!;
    expect(no5xx.status).toBe('warning');
    expect(no5xx.checks[0].message).toMatch(/answered 500/);
  });

  it('never passes a declared rule the check says it did not try: skipped with the reason', () => {
    const check: CheckResult = {
      name: 'activate and deactivate answer 204',
      file: 'f',
      state: 'passed',
      durationMs: 5,
      meta: checkMeta({
        rules: ['billing.plan.name.length', 'billing.plan.status.enum'],
        notTried: [
          { rules: ['billing.plan.status.enum'], reason: 'create plan answered 422, so activate was not tried' },
        ],
      }),
    };
    const report = buildReport([check], CATALOG, info);
    expect(report.rules.find((r) => r.id === 'billing.plan.name.length')!.status).toBe('passed');
    const untried = report.rules.find((r) => r.id === 'billing.plan.status.enum')!;
    expect(untried.status).toBe('skipped');
    expect(untried.reason).toBe('not tried: create plan answered 422, so activate was not tried');
    expect(report.summary.verdict).toBe('PARTIAL');
  });
});
