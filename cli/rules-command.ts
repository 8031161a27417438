import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES, ruleById } from '../contracts/rules/index.js';
import { contractsEnforcing } from '../contracts/enforcing-contracts.js';
import type { Rule } from '../contracts/rule.js';
import { locate } from '../contracts/trace/locate.js';
import { formInWords, sentenceLabel } from '../contracts/trace/sentences.js';
import { schemaFile } from '../contracts/schema-ids.js';
import { filesUnder } from '../contracts/files.js';
import { packageRoot } from '../contracts/package-root.js';
import { proofOf } from '../reports/proofs.js';
import { UsageError } from './errors.js';
import { traceCommand } from './rules-trace.js';
import { listRules } from './rules-list.js';

export { RULES_HELP } from './rules-list.js';

export function rulesCommand(args: string[], out: (text: string) => void): number | Promise<number> {
  if (args[0] === 'show') return showCommand(args.slice(1), out);
  if (args[0] === 'trace') return traceCommand(args.slice(1), out);
  return listRules(args, out);
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
