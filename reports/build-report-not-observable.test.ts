import { describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../contracts/rules/index.js';
import type { CheckMeta } from '../harness/check-meta.js';
import { checkMeta } from './test-support/check-results.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { runInfo } from './test-support/run-info.js';

// Rules no black-box client can observe are never reported passed, and a rule only a contract
// checks says which contract when no run reached it.

const info = runInfo({ settings: { suites: ['billing'] } });

const meta = (rules: string[]): CheckMeta => checkMeta({ rules });
const passed = (rules: string[]): CheckResult => ({
  name: `passes ${rules.join(',')}`,
  file: 'f',
  state: 'passed',
  durationMs: 1,
  meta: meta(rules),
});

describe('buildReport and rules that cannot be observed', () => {
  const retention = ruleById('billing.limits.idempotency-retention-72h')!;
  const key = ruleById('billing.create-plan.idempotency-key')!;

  it('reports a not-observable rule skipped with the reason, even when a check claims it, and it does not gate', () => {
    const report = buildReport([passed([key.id, retention.id])], [key, retention], info);
    const rule = report.rules.find((r) => r.id === retention.id)!;
    expect(rule.status).toBe('skipped');
    expect(rule.reason).toMatch(/^not observable through the API: .*72 hours/);
    expect(rule.checks).toEqual([]);
    expect(report.summary.verdict).toBe('CONFORMANT');
  });

  it('gives the reason of a contract no operation carries to each of its rules', () => {
    const cardName = ruleById('billing.card_response.name.length')!;
    const report = buildReport([], [cardName], info);
    expect(report.rules[0].reason).toMatch(
      /^not observable through the API: no operation of billing.md returns a card_response/,
    );
  });

  it('names the contract that would check a rule no check of the run reached', () => {
    const cardName = ruleById('billing.subscriber.payment_source.card.name.type')!;
    const report = buildReport([passed([key.id])], [key, cardName], info);
    const rule = report.rules.find((r) => r.id === cardName.id)!;
    expect(rule.status).toBe('skipped');
    expect(rule.reason).toMatch(/not exercised: .*billing\/subscriber\.json/);
  });

  it('leaves every other rule of the catalog to its checks', () => {
    const report = buildReport([passed(['billing.plan.name.length'])], RULES, info);
    expect(report.rules.find((r) => r.id === 'billing.plan.name.length')?.status).toBe('passed');
  });
});
