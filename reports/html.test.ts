import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { buildReport } from './build-report.js';
import { areaId, renderHtml } from './html.js';
import { failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// report.html as text: valid anchors, the settings of the run, a failure's parts in order.

const rule = (id: string, kind: Rule['kind']): Rule => ({ id, title: `statement of ${id}`, level: 'MUST', spec: { file: 'billing.md', heading: 'Plan' }, kind, contracts: [] });
const CATALOG = [rule('billing.plan.name.length', 'limit'), rule('billing.plan.status.enum', 'schema'), rule('assignees.user.id.type', 'schema')];

const info = runInfo({
  settings: {
    commandLine: 'npm start -- --faults plan-name-128-accepted --seed 7',
    faults: ['plan-name-128-accepted'],
    variants: [],
    approval: 'follow-link',
  },
});

const failing = failedCheck('create plan refuses a long name', {
  rule: 'billing.plan.name.length',
  message: 'create plan with a name of 128 characters: the request was not refused',
  expected: 'a 4xx refusal',
  received: 'status 201',
  counterexample: '{"value":{"name":"xxxxxxxx"}}',
  exchanges: [],
});

describe('renderHtml', () => {
  const html = renderHtml(buildReport([failing], CATALOG, info));

  it('gives every area a valid id, and every link a target', () => {
    const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9_.:@=-]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, target] of html.matchAll(/ href="#([^"]*)"/g)) expect(ids).toContain(target);
    expect(areaId('billing · schema')).toBe('area-billing-schema');
  });

  it('shows the command line, faults, variants and approval mode of the run', () => {
    expect(html).toMatch(/<tr id="run-command"><td>command line<\/td><td><code class="line">npm start -- --faults plan-name-128-accepted --seed 7<\/code>/);
    expect(html).toMatch(/<tr id="run-faults"><td>reference faults<\/td><td><code>plan-name-128-accepted<\/code>/);
    expect(html).toMatch(/<tr id="run-variants"><td>reference variants<\/td><td>none</);
    expect(html).toMatch(/<tr id="run-approval"><td>approval mode<\/td><td><code>follow-link<\/code>/);
  });

  it('leaves out what an older report does not record', () => {
    const { commandLine: _c, faults: _f, variants: _v, approval: _a, ...settings } = info.settings;
    const old = renderHtml(buildReport([failing], CATALOG, { ...info, settings }));
    expect(old).not.toContain('id="run-command"');
    expect(old).not.toContain('id="run-faults"');
  });

  it('shows a failure as message, expected, received, then the counterexample', () => {
    const block = html.slice(html.indexOf('id="f-billing.plan.name.length"'));
    const order = ['the request was not refused', 'a 4xx refusal', 'status 201', 'counterexample', '{&quot;value&quot;'].map((text) => block.indexOf(text));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(block.slice(0, block.indexOf('a 4xx refusal'))).not.toContain('(counterexample:');
  });

  it('lists every failing check of a rule, each block with its own id', () => {
    const many = Array.from({ length: 11 }, (_, index) =>
      failedCheck(`check ${index + 1} refuses a long name`, { rule: 'billing.plan.name.length', message: `failure number ${index + 1}`, exchanges: [] }),
    );
    const html = renderHtml(buildReport(many, CATALOG, info));
    for (let index = 1; index <= 11; index++) expect(html).toContain(`failure number ${index}<`);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids).toContain('f-billing.plan.name.length');
    expect(ids).toContain('f-billing.plan.name.length-11');
  });
});
