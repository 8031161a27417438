import { RULES } from '../contracts/rules/index.js';
import { formatRulesTable } from '../contracts/rules/format.js';
import { parseFlags } from './options.js';

export const RULES_HELP = `Usage: api-conformance rules [--json]

Prints the rule catalog: every normative statement of the two specs with its id, level
(MUST gates the verdict, SHOULD warns), kind and spec anchor.

  --json    the catalog as a JSON array
  --help    this text`;

export function rulesCommand(args: string[], out: (text: string) => void): number {
  const flags = parseFlags(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 'rules');
  if (flags.help) {
    out(RULES_HELP);
    return 0;
  }
  out(flags.json ? JSON.stringify(RULES, null, 2) : formatRulesTable(RULES));
  return 0;
}
