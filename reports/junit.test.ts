import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { buildReport } from './build-report.js';
import { renderJunit } from './junit.js';
import { runInfo } from './test-support/run-info.js';

// junit.xml of a run that met errors outside any check: each is an <error> with its cause,
// counted with the tests, so a CI viewer says why the rules were skipped.

const CATALOG: Rule[] = [
  {
    id: 'billing.plan.name.length',
    title: 'Plan name is 1 to 127 characters',
    level: 'MUST',
    spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
    kind: 'limit',
    contracts: [],
  },
];

describe('junit.xml', () => {
  it('carries every run error as an <error> with its cause', () => {
    const runErrors = [
      'cannot reach http://127.0.0.1:9: connection refused (ECONNREFUSED)',
      'billing/properties/shapes: SyntaxError: <unexpected> token\n    at line 3',
    ];
    const xml = renderJunit(buildReport([], CATALOG, runInfo({ runErrors })));
    expect(xml).toMatch(/<testsuites name="api-conformance" tests="3" failures="0" errors="2" skipped="1" /);
    expect(xml).toContain('<testsuite name="run" tests="2" failures="0" errors="2" skipped="0">');
    expect(xml).toContain(
      '<error message="cannot reach http://127.0.0.1:9: connection refused (ECONNREFUSED)" type="run error">',
    );
    // The message is the first line; the element's text is all of it, escaped.
    expect(xml).toContain(
      '<error message="billing/properties/shapes: SyntaxError: &lt;unexpected&gt; token" ' +
        'type="run error">billing/properties/shapes: SyntaxError: &lt;unexpected&gt; token\n    at ' +
        'line 3</error>',
    );
    expect(xml.match(/<testcase classname="run" /g)).toHaveLength(2);
  });

  it('has no run suite when there was no run error', () => {
    expect(renderJunit(buildReport([], CATALOG, runInfo()))).not.toContain('<testsuite name="run"');
  });
});
