import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { FAULTS } from '../reference/faults.js';
import { packageRoot } from '../harness/package-root.js';

// Checks and rules stay in step: every rule id a suite, a generator label or a reference fault
// names is in the catalog. (That every MUST rule is exercised is proven by the self-test's
// run against the clean reference.)

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
