import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES, ruleById } from '../contracts/rules/index.js';
import { contractsEnforcing } from '../contracts/enforcing-contracts.js';
import { RULE_KINDS, type Rule } from '../contracts/rule.js';
import { locate } from '../contracts/trace/locate.js';
import { formInWords, sentenceLabel } from '../contracts/trace/sentences.js';
import { schemaFile } from '../contracts/schema-ids.js';
import { filesUnder } from '../contracts/files.js';
import { packageRoot } from '../contracts/package-root.js';
import { proofOf } from '../reports/proofs.js';
import { UsageError } from './errors.js';
import { traceCommand } from './rules-trace.js';
import { integerFlag, parseFlags, patternFlag } from './options.js';
import { formatRules } from './rules-format.js';
import { outputWidth } from './wrap.js';

export const RULES_HELP = `Usage: api-conformance rules [--grep TEXT] [--level MUST|SHOULD] [--kind KIND] [--json] \
[--width N]
       api-conformance rules show ID
       api-conformance rules trace [FILE:LINE]

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
the sentences of that line.`;

export function rulesCommand(args: string[], out: (text: string) => void): number {
  if (args[0] === 'show') return showCommand(args.slice(1), out);
  if (args[0] === 'trace') return traceCommand(args.slice(1), out);
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

/** The sentence the rule is anchored at, headed by where it is: `spec/billing.md:41 (Plan), a table row:`. */
function sentence(rule: Rule): string[] {
  const { file, lines, heading } = rule.spec;
  const where = `spec/${file}:${lines.from === lines.to ? lines.from : `${lines.from}-${lines.to}`} (${heading})`;
  if (!existsSync(join(packageRoot(), 'spec', file))) return [`${where}: spec/${file} is not in this installation`];
  const found = locate(rule.spec);
  if (typeof found === 'string') return [`${where}: ${found}`];
  const label = sentenceLabel(found).replace(file, `spec/${file}`);
  return [`${label} (${heading}), ${formInWords(found.form)}:`, `  ${found.text}`];
}

/** The built check modules that name the rule id (a check declares or covers it there). */
function checkModules(id: string): string[] {
  const root = join(packageRoot(), 'dist', 'suites');
  if (!existsSync(root)) return [];
  return filesUnder(root, '.check.js')
    .filter((file) => readFileSync(file, 'utf8').includes(`'${id}'`) || readFileSync(file, 'utf8').includes(`"${id}"`))
    .map((file) => file.slice(root.length + 1).replace(/\.check\.js$/, ''));
}

/** Where the spec leaves the answer open: every answer it allows. */
function allowed(rule: Rule): string[] {
  if (!rule.allows) return [];
  return [
    '',
    'the spec leaves it open; each of these answers conforms:',
    ...rule.allows.map((answer) => `  - ${answer}`),
  ];
}

function showCommand(args: string[], out: (text: string) => void): number {
  if (args.length !== 1 || args[0].startsWith('-'))
    throw new UsageError('rules show: give one rule id, for example `rules show billing.plan.name.length`');
  const id = args[0];
  const rule = ruleById(id);
  if (!rule) {
    const near = RULES.filter((candidate) => candidate.id.includes(id) || id.includes(candidate.id))
      .slice(0, 3)
      .map((candidate) => candidate.id);
    throw new UsageError(
      `rules show: no rule "${id}"${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; ` +
        `\`rules --grep TEXT\` finds one`,
    );
  }
  const proof = proofOf(rule.id);
  const hidden = rule.notObservable;
  const contracts = contractsEnforcing(rule.id).map(schemaFile);
  const modules = checkModules(rule.id);
  out(
    [
      `${rule.id}  ${rule.level}  ${rule.kind}`,
      rule.title,
      '',
      ...sentence(rule),
      ...allowed(rule),
      '',
      `contracts: ${contracts.length ? contracts.join(', ') : 'none (checked by requests)'}`,
      `checks: ` +
        (modules.length
          ? modules.join(', ')
          : hidden
            ? 'none'
            : 'the suites name it through a contract or a generator'),
      hidden
        ? `not observable through the API: ${hidden}`
        : `proof: ` +
          (proof
            ? `the reference fault ${proof.fault} (the self-test shows its checks fail it)`
            : 'none yet (selftest/uncovered-rules.md says why)'),
    ].join('\n'),
  );
  return 0;
}
