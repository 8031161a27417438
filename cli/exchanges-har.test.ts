import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';
import type { ConformanceReport } from '../reports/model.js';
import { cleanSeed7Run } from './test-support/shared-run.js';

// exchanges.har's schema, and what each entry's `_rules` says: the rules that exchange informed,
// no more. The HAR of a default run (every request the summary counts, each entry tagged, no
// credential) is checked on the installed package, in packed-install.test.ts; that of an
// interrupted run in interrupt.test.ts.

interface Entry {
  _check: string;
  _id?: string;
  _rules: string[];
  request: { method: string; url: string };
}

describe('exchanges.har', () => {
  it('is refused by the HAR schema when a required member is missing', () => {
    expect(
      validateHar({
        log: {
          version: '1.2',
          creator: { name: 'x', version: '1' },
          entries: [{ startedDateTime: '2026-01-01T00:00:00Z' }],
        },
      }).length,
    ).toBeGreaterThan(0);
  });

  it("names on each exchange exactly the rules it informed: every verdict's evidence, and nothing else", async () => {
    const run = await cleanSeed7Run();
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const har = JSON.parse(readFileSync(join(run.reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: Entry[] } };
    const byId = new Map(har.log.entries.map((entry) => [entry._id, entry]));
    // Every exchange a verdict rests on carries its rule.
    for (const rule of report.rules) {
      for (const check of rule.checks) {
        if (check.status !== 'passed' && check.status !== 'failed') continue;
        for (const evidence of check.evidence ?? [])
          expect(byId.get(evidence.id)?._rules, `${rule.id}: evidence ${evidence.id} of ${check.name}`).toContain(
            rule.id,
          );
      }
    }
    // An exchange carries only rules the run judged; one that informed none (a setup) carries none.
    const judged = new Set(report.rules.filter((rule) => ['passed', 'failed'].includes(rule.status)).map((r) => r.id));
    for (const entry of har.log.entries)
      for (const rule of entry._rules) expect(judged.has(rule), `${entry._id} carries ${rule}`).toBe(true);
    const setup = har.log.entries.filter(
      (entry) =>
        entry._check === 'billing accepted: list plans and show plan answer 200 to every valid request' &&
        entry.request.method === 'POST',
    );
    expect(setup.length, 'the plan that check makes to show').toBeGreaterThan(0);
    for (const entry of setup) expect(entry._rules, `the setup ${entry._id}`).toEqual([]);
  }, 300_000);
});
