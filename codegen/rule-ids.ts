import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../contracts/rules/index.js';
import type { Generator } from './outputs.js';

// contracts/rules/rule-ids.ts is the golden list of rule ids and the RuleId type every check,
// failure and fault names a rule with: written from the catalog, changed only on purpose (like a
// conformance golden file). Ids are stable: the generator refuses to drop one the committed list
// holds (restore the rule, or keep its id).

const FILE = 'contracts/rules/rule-ids.ts';

export function renderRuleIds(ids: readonly string[]): string {
  return [
    '// The golden list of rule ids, in catalog order, and the type a rule id has everywhere in the',
    '// checker. Written from the catalog by `npm run generate rule-ids` when a rule is added, never by',
    '// hand; an id is never removed or renamed (the generator and contracts/rules/rule-ids.test.ts refuse it).',
    '',
    'export const RULE_IDS = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const;',
    '',
    'export type RuleId = (typeof RULE_IDS)[number];',
    '',
    'const KNOWN: ReadonlySet<string> = new Set(RULE_IDS);',
    '',
    "/** Whether a text read at run time (a contract's x-rules, a report) names a rule of the catalog. */",
    'export function isRuleId(id: string): id is RuleId {',
    '  return KNOWN.has(id);',
    '}',
    '',
    '/** A rule id read at run time, checked: an id the catalog does not have is a bug of the checker. */',
    'export function asRuleId(id: string): RuleId {',
    '  if (!isRuleId(id)) throw new Error(`${id} is not a rule of the catalog (contracts/rules/rule-ids.ts)`);',
    '  return id;',
    '}',
    '',
  ].join('\n');
}

/** The ids the committed golden list holds. */
export function goldenIds(text: string): string[] {
  const list = text.slice(text.indexOf('RULE_IDS = ['), text.indexOf('] as const'));
  return [...list.matchAll(/^ {2}'([^']+)',$/gm)].map((match) => match[1]);
}

export const ruleIds: Generator = {
  name: 'rule-ids',
  describe: 'the golden list of rule ids and the RuleId type from the catalog',
  outputs: async (root) => {
    const catalog = RULES.map((rule) => rule.id);
    const known = new Set(catalog);
    const gone = goldenIds(readFileSync(join(root, FILE), 'utf8')).filter((id) => !known.has(id));
    if (gone.length > 0) {
      const ids = gone.join(', ');
      throw new Error(`rule ids disappeared from the catalog (ids are stable: restore them): ${ids}`);
    }
    return [{ file: FILE, content: renderRuleIds(catalog) }];
  },
};
