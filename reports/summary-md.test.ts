import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { buildReport } from './build-report.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { renderSummary } from './summary-md.js';
import { runInfo } from './test-support/run-info.js';

// summary.md for a CI job summary: what was run, and a reason per failed rule a person can act on.

const CATALOG: Rule[] = [
  {
    id: 'billing.plan.name.length',
    title: 'Plan name is 1..127 characters',
    level: 'MUST',
    spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
    kind: 'limit',
    contracts: [],
  },
];

const info = runInfo({
  sections: { billing: { certified: true }, assignees: { certified: false, reason: 'not selected by --suite' } },
  settings: {
    suites: ['billing'],
    commandLine: 'npx api-conformance run --faults plan-name-128-accepted',
    faults: ['plan-name-128-accepted'],
    variants: [],
    approval: 'none',
  },
});

const longJson = JSON.stringify({
  value: { product_id: 'PROD-1', name: 'x'.repeat(300), billing_cycles: [{ sequence: 1 }] },
});
const failing = failedCheck('create plan bodies that break a limit are refused', {
  rule: 'billing.plan.name.length',
  message: 'create plan with name of 128 characters (max 127) at /name: the request was not refused',
  expected: 'a 4xx refusal',
  received: 'status 201, body {"id":"P-E09B275IR56SQV4KKAFK6RB9","status":"CREATED"}',
  counterexample: longJson,
  exchanges: [],
});

describe('renderSummary', () => {
  const md = renderSummary(buildReport([failing], CATALOG, info));

  it('gives a failed rule its message, expected and received first, the counterexample last and short', () => {
    const row = md.split('\n').find((line) => line.startsWith('| `billing.plan.name.length`'))!;
    expect(row).toContain(
      'the request was not refused; expected a 4xx refusal; received status 201, body ' +
        '{"id":"P-E09B275IR56SQV4KKAFK6RB9","status":"CREATED"}; counterexample {"value"',
    );
    expect(row.indexOf('counterexample')).toBeGreaterThan(row.indexOf('received'));
    expect(row.length).toBeLessThan(600);
    expect(row).not.toContain('x'.repeat(100));
  });

  it('says what was run: the command line, faults, variants and approval mode', () => {
    expect(md).toContain('Command: `npx api-conformance run --faults plan-name-128-accepted`');
    expect(md).toMatch(/faults: plan-name-128-accepted · variants: none · approval: none/);
  });

  it('gives a failed rule the reason of a check that failed it, not of one that errored on it', () => {
    const errored = {
      name: 'errored first',
      file: 'billing/limits',
      state: 'failed' as const,
      durationMs: 1,
      meta: checkMeta({
        rules: ['billing.plan.name.length'],
        error: 'could not create a plan for this check: answered 500',
      }),
    };
    const summary = renderSummary(buildReport([errored, failing], CATALOG, info));
    const row = summary
      .split('\n')
      .find((line) => line.includes('`billing.plan.name.length`') && line.startsWith('|'))!;
    expect(row).toContain('the request was not refused');
    expect(row).not.toContain('answered 500');
  });
});
