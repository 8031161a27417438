import { RULES } from '../../contracts/rules/index.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// What else one deviation breaks. A generated fault breaks one constraint of a member's value (a
// status of 25 characters, a tenure_type that is a number); the value it writes may break the
// member's other stated constraints too (25 characters are no value of the enum). Those are
// consequences of the one deviation, named in the fault's record so that the self-test's
// collateral law (a fault run fails its fault's rule and no other) allows them, and only them.

/** The suffixes of rules that constrain a member's value (`billing.plan.status.enum`). */
const VALUE_CONSTRAINTS = new Set([
  'type',
  'length',
  'pattern',
  'enum',
  'range',
  'format',
  'items',
  'items-type',
  'iso-4217',
]);

const stemOf = (rule: string): { stem: string; suffix: string } => {
  const at = rule.lastIndexOf('.');
  return { stem: rule.slice(0, at), suffix: rule.slice(at + 1) };
};

/**
 * An item of an issue's labels or assignees that is no object breaks the item rule and its kind's
 * object rule alike (the assignee checks fail both, by design: suites/assignees/support/expect.ts).
 */
const ITEM_AND_OBJECT: Readonly<Record<string, RuleId>> = {
  'assignees.label.type': 'assignees.issue.labels.items',
  'assignees.issue.labels.items': 'assignees.label.type',
  'assignees.user.type': 'assignees.issue.assignees.items',
  'assignees.issue.assignees.items': 'assignees.user.type',
};

/** The other value-constraint rules of `rule`'s member, each with why the broken value may break it. */
export function valueSiblings(rule: RuleId): Partial<Record<RuleId, string>> {
  const paired = ITEM_AND_OBJECT[rule];
  if (paired) return { [paired]: "an item that is no object breaks the item rule and its kind's object rule alike" };
  const { stem, suffix } = stemOf(rule);
  if (!VALUE_CONSTRAINTS.has(suffix)) return {};
  const siblings: Partial<Record<RuleId, string>> = {};
  for (const other of RULES) {
    const candidate = stemOf(other.id);
    if (other.id === rule || candidate.stem !== stem || !VALUE_CONSTRAINTS.has(candidate.suffix)) continue;
    siblings[other.id as RuleId] =
      `the value that breaks ${rule} may break the other stated constraints of ${stem} as well`;
  }
  return siblings;
}
