import { RULES } from '../contracts/rules/index.js';
import { RULE_KINDS } from '../contracts/rule.js';
import { UsageError } from './errors.js';
import { integerFlag, parseFlags, patternFlag } from './options.js';
import { formatRules } from './rules-format.js';
import { outputWidth } from './wrap.js';

// `rules` as a listing of the catalog: it loads only the catalog (cli/main.ts sends `rules show`
// and `rules trace`, which read the spec's sentences and the contracts, to cli/rules-command.ts).

export const RULES_HELP = `Usage: api-conformance rules [--grep TEXT] [--level MUST|SHOULD] [--kind KIND] [--json] \
[--width N]
       api-conformance rules show ID
       api-conformance rules trace [FILE:LINE | --uncovered]

Prints the rule catalog: every normative statement of the two specs, each as its id on a
line of its own, then its level (MUST gates the verdict, SHOULD warns), kind and spec anchor,
then the statement, wrapped. Nothing is cut, on a terminal or in a pipe.

  --grep REGEX   only rules whose id or title the regular expression matches, ignoring
                 case (as run --grep: plan\\.name, 'status-20[14]')
  --level L      only MUST or only SHOULD rules
  --kind K       only rules of one kind: ${RULE_KINDS.join(', ')}
  --json         the selected rules as a JSON array
  --width N      wrap the statements at N columns (default: the terminal's width, or 100)
  --help         this text

run --rule ID|REGEX runs the checks that declare the rules a pattern selects (by id).

rules show ID prints one rule: its statement, the sentence of the spec it comes from, the
answers the spec allows where it leaves one open, the contracts and check modules that check it,
and the reference fault that proves its checks can fail it (or why no client can observe it).

rules trace prints every sentence of the two specs with the rules that check it, or why none does
(informational, not observable, restating another sentence); with FILE:LINE (billing.md:186), only
the sentences of that line. rules trace --uncovered prints the sentences no check covers, each with
why: informational, not observable, or not checked (none of its rules is declared by a check or
enforced by a contract the checks validate against).`;

/** `rules` without `show` or `trace`: the catalog, or the rules the flags select. */
export function listRules(args: string[], out: (text: string) => void): number {
  const flags = parseFlags(
    args,
    {
      json: { type: 'boolean' },
      grep: { type: 'string' },
      level: { type: 'string' },
      kind: { type: 'string' },
      width: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    'rules',
  );
  if (flags.help) {
    out(RULES_HELP);
    return 0;
  }
  const level = typeof flags.level === 'string' ? flags.level.toUpperCase() : undefined;
  if (level !== undefined && level !== 'MUST' && level !== 'SHOULD')
    throw new UsageError(`rules: --level must be MUST or SHOULD, got "${String(flags.level)}"`);
  const kind = typeof flags.kind === 'string' ? flags.kind : undefined;
  if (kind !== undefined && !(RULE_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`rules: --kind must be one of ${RULE_KINDS.join(', ')}, got "${kind}"`);
  const grep = typeof flags.grep === 'string' ? patternFlag(flags.grep, 'grep', 'i') : undefined;
  const width = outputWidth(integerFlag(flags.width, 'width', 40, 1000));
  const selected = RULES.filter(
    (rule) =>
      (level === undefined || rule.level === level) &&
      (kind === undefined || rule.kind === kind) &&
      (grep === undefined || grep.test(rule.id) || grep.test(rule.title)),
  );
  if (flags.json) {
    out(JSON.stringify(selected, null, 2));
    return 0;
  }
  if (selected.length > 0) out(formatRules(selected, width));
  if (selected.length !== RULES.length) out(`${selected.length} of ${RULES.length} rules`);
  return 0;
}
