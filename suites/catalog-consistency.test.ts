import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_OBSERVABLE_CONTRACTS, NOT_OBSERVABLE_RULES, notObservableReason } from '../contracts/not-observable-rules.js';
import { RULES } from '../contracts/rules/index.js';
import { ALL_SCHEMA_IDS } from '../contracts/schema-ids.js';
import { FAULTS } from '../reference/faults.js';
import { packageRoot } from '../contracts/package-root.js';
import { namedRules, reachedByChecks, rulesOfContracts } from './test-support/checked-rules.js';

// Checks and rules stay in step: every rule id a suite, a generator label or a reference fault
// names is in the catalog, and every MUST rule is checked.
//
// A MUST rule is checked when
//   (a) a check names it: its id is written (or built by a template) in code that a
//       suites/**/*.check.ts file reaches through what it calls: its own `rules`, ctx.fail,
//       ctx.cover, a generator label or a model command (test-support/checked-rules.ts);
//   (b) a contract that a check validates values against (a SCHEMA_IDS member named in that
//       code, with every contract it reaches through $ref) enforces it in its x-rules; or
//   (c) contracts/not-observable-rules.ts lists it, with the reason, as not observable through
//       the API.
// Whether a run exercised it is the report's business ("not exercised" when no check reached it).

const known = new Set(RULES.map((rule) => rule.id));
const RULE_LITERAL = /['"`]((?:billing|assignees)\.[a-z0-9_]+(?:[.-][a-z0-9_@=]+)+)['"`]/g;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

function unknownIdsIn(folder: string): string[] {
  const root = packageRoot();
  const unknown: string[] = [];
  for (const file of sources(join(root, folder))) {
    for (const match of readFileSync(file, 'utf8').matchAll(RULE_LITERAL)) {
      if (!known.has(match[1])) unknown.push(`${relative(root, file)}: ${match[1]}`);
    }
  }
  return unknown;
}

/** Rules a check names although they are listed as not observable: the report never counts them. */
const NAMED_BUT_NOT_OBSERVABLE: Readonly<Record<string, string>> = {
  'billing.limits.idempotency-retention-72h':
    'suites/billing/properties/idempotency.check.ts names it beside the idempotency-key rules (its owner drops it); the report shows it not observable, never passed',
};

describe('every MUST rule is checked', () => {
  const root = packageRoot();
  const mustRules = RULES.filter((rule) => rule.level === 'MUST');
  let named: Map<string, string[]>;
  let enforced: Map<string, string[]>;

  beforeAll(() => {
    const reached = reachedByChecks(root);
    named = namedRules(reached, RULES.map((rule) => rule.id));
    enforced = rulesOfContracts(root, reached.validatedContracts);
  }, 120_000);

  it('a check names it, a contract a check validates enforces it, or it is listed as not observable', () => {
    const unchecked = mustRules.filter((rule) => !named.has(rule.id) && !enforced.has(rule.id) && notObservableReason(rule) === undefined);
    const lines = unchecked.map((rule) => `  ${rule.id} (${rule.kind}; ${rule.spec.file}, ${rule.spec.heading})`);
    const hint =
      'For each: add a check that names it (suites/**/*.check.ts: rules, ctx.fail, ctx.cover), or validate a response against a contract ' +
      'whose x-rules enforce it (ctx.expectContract), or, only when no black-box client can observe it through the API, list it with the ' +
      'reason in contracts/not-observable-rules.ts.';
    expect(lines, `${unchecked.length} of ${mustRules.length} MUST rules are checked by no check:\n${lines.join('\n')}\n${hint}`).toEqual([]);
  });

  it('lists as not observable only MUST rules of the catalog, each with a concrete reason, none of them within a check\'s reach', () => {
    const known = new Map(RULES.map((rule) => [rule.id, rule]));
    const contracts = new Set(ALL_SCHEMA_IDS);
    const wrong = [
      ...Object.entries(NOT_OBSERVABLE_RULES).flatMap(([id, reason]) => [
        ...(known.get(id)?.level === 'MUST' ? [] : [`${id}: not a MUST rule of the catalog`]),
        ...(reason.trim().length >= 40 ? [] : [`${id}: the reason is too thin to audit`]),
      ]),
      ...Object.entries(NOT_OBSERVABLE_CONTRACTS).flatMap(([id, reason]) => [
        ...(contracts.has(id) ? [] : [`${id}: not a contract`]),
        ...(reason.trim().length >= 40 ? [] : [`${id}: the reason is too thin to audit`]),
        ...(RULES.some((rule) => rule.level === 'MUST' && notObservableReason(rule) !== undefined && rule.contracts.includes(id)) ? [] : [`${id}: no MUST rule relates only to such contracts`]),
      ]),
      ...mustRules
        .filter((rule) => notObservableReason(rule) !== undefined && !(rule.id in NAMED_BUT_NOT_OBSERVABLE))
        .flatMap((rule) => [
          ...(named.has(rule.id) ? [`${rule.id}: listed as not observable, yet named by ${named.get(rule.id)!.join(', ')}`] : []),
          ...(enforced.has(rule.id) ? [`${rule.id}: listed as not observable, yet enforced by ${enforced.get(rule.id)!.join(', ')}, which a check validates`] : []),
        ]),
      ...Object.keys(NAMED_BUT_NOT_OBSERVABLE).filter((id) => !named.has(id)).map((id) => `${id}: no check names it any more: drop it from NAMED_BUT_NOT_OBSERVABLE`),
    ];
    expect(wrong).toEqual([]);
  });
});

describe('the rule catalog and the checks', () => {
  it('every rule id named in suites/ is in the catalog', () => {
    expect(unknownIdsIn('suites')).toEqual([]);
  });

  it('every rule id named in generators/ is in the catalog', () => {
    expect(unknownIdsIn('generators')).toEqual([]);
  });

  it('every reference fault declares a rule of the catalog', () => {
    expect(FAULTS.filter((fault) => !known.has(fault.rule)).map((f) => `${f.name}: ${f.rule}`)).toEqual([]);
  });
});
