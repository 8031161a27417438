import { RULES, ruleById } from '../contracts/rules/index.js';
import { UsageError } from './errors.js';
import { patternFlag } from './options.js';

// run --rule <id|regex>: the rules asked for. A value that is a rule id is that rule; any other
// value is a regular expression matched against the rule ids (`plan\.name` selects every rule of
// the plan's name). The run then loads only the checks that declare one of them.

export function selectRules(values: readonly string[]): string[] {
  const selected = new Set<string>();
  for (const value of values) {
    if (ruleById(value)) {
      selected.add(value);
      continue;
    }
    const pattern = patternFlag(value, 'rule');
    const matched = RULES.filter((rule) => pattern.test(rule.id));
    if (matched.length === 0) {
      throw new UsageError(
        `--rule ${JSON.stringify(value)} is no rule id and matches none; \`rules --grep ` +
          `${JSON.stringify(value)}\` looks in titles too`,
      );
    }
    for (const rule of matched) selected.add(rule.id);
  }
  return [...selected];
}
