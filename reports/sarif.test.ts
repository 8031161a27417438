import { describe, expect, it } from 'vitest';
import { ruleById } from '../contracts/rules/index.js';
import type { Rule } from '../contracts/rule.js';
import type { Exchange } from '../harness/exchange.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { FINGERPRINT_KEY, fingerprintOf, renderSarif, sarifLog, type SarifLog } from './sarif.js';
import { failedCheck, type LooseFailure } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';
import { sarifSchemaProblems } from './test-support/sarif-schema.js';

// conformance.sarif from reports made by hand: SARIF 2.1.0 by its schema, a descriptor per rule,
// a result per failed or warned rule and cause at the rule's spec sentence, fingerprints that
// nothing of one run (ids, seeds, ports, times) changes, and results bounded per rule.

const rule = (id: string): Rule => {
  const found = ruleById(id);
  if (!found) throw new Error(`no rule ${id} in the catalog`);
  return found;
};
const NAME_LENGTH = rule('billing.plan.name.length');
const UK_REFUSED = rule('billing.country_code.uk-refused');
const USER_ID = rule('assignees.user.id.type');
const CATALOG = [NAME_LENGTH, UK_REFUSED, USER_ID];

/** One exchange of a run: its id and port are the run's own. */
const exchange = (id: string, port: number, method: string, path: string, status: number): Exchange => ({
  id,
  request: { method, url: `http://127.0.0.1:${port}${path}`, headers: {} },
  response: { status, headers: {}, body: '{}' },
  durationMs: 2,
});

const failure = (
  check: string,
  failed: Omit<LooseFailure, 'exchanges'>,
  run: { seed: number; port: number; tag: string },
  request: [string, string, number],
): CheckResult => {
  const [method, path, status] = request;
  return failedCheck(check, {
    ...failed,
    seed: run.seed,
    rerun: `npx api-conformance run --seed ${run.seed} --grep '${check}'`,
    exchanges: [exchange(`${run.tag}-1`, run.port, method, path, status)],
  });
};

/** The same three failures, as one run with its own ids, seed, port and times would report them. */
function runOf(run: { seed: number; port: number; tag: string; startedAt: string }): SarifLog {
  const results = [
    failure(
      'create plan bodies that break a limit are refused',
      {
        rule: NAME_LENGTH.id,
        message: `name of 128 characters: the request was not refused (counterexample: {"seed":${run.seed}})`,
        cause: 'create plan took a request that breaks it',
        expected: 'a 4xx refusal',
        received: `status 201, body {"id":"P-${run.tag}"}`,
      },
      run,
      ['POST', '/v1/billing/plans', 201],
    ),
    failure(
      'create subscription refuses country_code UK',
      { rule: UK_REFUSED.id, message: 'a subscriber address with country_code UK was taken', expected: 'a 4xx' },
      run,
      ['POST', '/v1/billing/subscriptions', 201],
    ),
    failure(
      'add assignees answers 201 with the full Issue',
      { rule: USER_ID.id, message: 'user.id is a string', cause: 'broke type (text)', received: '"42" is text' },
      run,
      ['POST', '/repos/o/r/issues/1/assignees', 201],
    ),
  ];
  const info = runInfo({ seed: run.seed, startedAt: run.startedAt, baseUrl: `http://127.0.0.1:${run.port}` });
  return JSON.parse(renderSarif(buildReport(results, CATALOG, info))) as SarifLog;
}

const first = runOf({ seed: 7, port: 40001, tag: 'a1b2', startedAt: '2026-11-22T00:00:00.000Z' });
const second = runOf({ seed: 31337, port: 51234, tag: 'z9y8', startedAt: '2026-12-01T10:30:00.000Z' });
const results = first.runs[0].results;
const byRule = (id: string) => results.find((result) => result.ruleId === id)!;

describe('conformance.sarif', () => {
  it('is SARIF 2.1.0 by its JSON Schema (and the schema refuses a broken log)', () => {
    expect(sarifSchemaProblems(first)).toEqual([]);
    expect(sarifSchemaProblems({ ...first, version: '2.0.0' })).not.toEqual([]);
  });

  it('has a reportingDescriptor per rule: its title, spec sentence, level and help naming file and lines', () => {
    const rules = first.runs[0].tool.driver.rules;
    expect(rules.map((descriptor) => descriptor.id)).toEqual(CATALOG.map((r) => r.id));
    const name = rules[0];
    expect(name.shortDescription.text).toBe(NAME_LENGTH.title);
    expect(name.fullDescription.text).toContain('name');
    expect(name.defaultConfiguration.level).toBe('error');
    expect(name.help.text).toContain(`spec/billing.md, line ${NAME_LENGTH.spec.lines.from} (Plan)`);
    expect(name.help.text).toContain(name.fullDescription.text);
    expect(rules[1].defaultConfiguration.level).toBe('warning');
    expect(rules[1].help.text).toContain('SHOULD');
  });

  it('locates each failed or warned rule at its spec sentence, with the operation as a logical location', () => {
    expect(results.map((result) => [result.ruleId, result.level])).toEqual([
      [NAME_LENGTH.id, 'error'],
      [UK_REFUSED.id, 'warning'],
      [USER_ID.id, 'error'],
    ]);
    for (const [result, anchored] of [
      [byRule(NAME_LENGTH.id), NAME_LENGTH],
      [byRule(USER_ID.id), USER_ID],
    ] as const) {
      const [location] = result.locations;
      expect(location.physicalLocation.artifactLocation.uri).toBe(`spec/${anchored.spec.file}`);
      expect(location.physicalLocation.region).toEqual({
        startLine: anchored.spec.lines.from,
        endLine: anchored.spec.lines.to,
      });
    }
    expect(byRule(NAME_LENGTH.id).locations[0].logicalLocations).toEqual([
      { name: 'create plan', fullyQualifiedName: 'billing/create plan', kind: 'function' },
    ]);
    expect(byRule(USER_ID.id).locations[0].logicalLocations?.[0].name).toBe('add assignees');
  });

  it('says expected and received in the message, and carries evidence ids and the re-run line', () => {
    const result = byRule(NAME_LENGTH.id);
    expect(result.message.text).toContain('the request was not refused');
    expect(result.message.text).toContain('Expected: a 4xx refusal');
    expect(result.message.text).toContain('Received: status 201');
    expect(result.message.text).not.toContain('counterexample');
    expect(result.properties.evidence).toEqual(['a1b2-1']);
    expect(result.properties.rerun).toBe(
      "npx api-conformance run --seed 7 --grep 'create plan bodies that break a limit are refused'",
    );
    expect(result.properties.counterexample).toBe('{"seed":7}');
  });

  it('fingerprints rule, check and operation only: another run of the same failures keeps them', () => {
    const prints = (log: SarifLog) => log.runs[0].results.map((result) => result.partialFingerprints);
    expect(prints(second)).toEqual(prints(first));
    expect(byRule(NAME_LENGTH.id).partialFingerprints[FINGERPRINT_KEY]).toBe(
      fingerprintOf(NAME_LENGTH.id, 'create plan bodies that break a limit are refused', 'create plan'),
    );
    expect(new Set(prints(first).map((print) => print[FINGERPRINT_KEY])).size).toBe(3);
    // What does change between the runs is not lost: it is in the message and properties.
    expect(second.runs[0].results[0].properties.evidence).toEqual(['z9y8-1']);
  });

  it('makes the same file whatever order the checks ended in (they run side by side)', () => {
    const run = { seed: 1, port: 1, tag: 't' };
    const one = (check: string, cause: string) =>
      failure(check, { rule: NAME_LENGTH.id, message: cause, cause }, run, ['POST', '/v1/billing/plans', 201]);
    const checks = [one('check b', 'cause 1'), one('check a', 'cause 1'), one('check c', 'cause 2')];
    const log = (order: CheckResult[]) => renderSarif(buildReport(order, CATALOG, runInfo()));
    expect(log([...checks].reverse())).toBe(log(checks));
    const [first] = sarifLog(buildReport(checks, CATALOG, runInfo())).runs[0].results;
    expect(first.properties.check).toBe('check a');
  });

  it('gives each cause of a rule its result, folds causes of one check and operation, and bounds them', () => {
    const run = { seed: 1, port: 1, tag: 't' };
    const causes = (count: number, check: (i: number) => string) =>
      Array.from({ length: count }, (_, i) =>
        failure(
          check(i),
          { rule: NAME_LENGTH.id, message: `cause ${i}`, cause: `cause ${i}` },
          { ...run, tag: `t${i}` },
          ['POST', '/v1/billing/plans', 201],
        ),
      );
    const log = (checks: CheckResult[]) => sarifLog(buildReport(checks, CATALOG, runInfo()));
    const two = log(causes(2, (i) => `check ${i}`)).runs[0].results;
    expect(two.map((result) => result.properties.causes)).toEqual([['cause 0'], ['cause 1']]);
    const folded = log(causes(2, () => 'one check')).runs[0].results;
    expect(folded.map((result) => result.properties.causes)).toEqual([['cause 0', 'cause 1']]);
    expect(log(causes(40, (i) => `check ${i}`)).runs[0].results.length).toBe(25);
  });
});
