import { RULE_KINDS, type Rule } from '../../contracts/rule.js';
import type { FaultSpec } from '../../reference/faults/index.js';

// The mutation-score table (docs/self-validation.md, section mutation-score) and the list of MUST rules that no
// fault declares (selftest/uncovered-rules.md). Both are written from data, never by hand.

export interface FaultScore {
  name: string;
  kind: string;
  caught: boolean;
}

export interface VariantScore {
  name: string;
  passed: boolean;
}

export function uncoveredMustRules(rules: readonly Rule[], faults: readonly FaultSpec[]): Rule[] {
  const declared = new Set<string>(faults.map((fault) => fault.rule));
  return rules.filter((rule) => rule.level === 'MUST' && !declared.has(rule.id));
}

/** The MUST rules a client can observe through the API: those a proof can exist for. */
export const observableMustRules = (rules: readonly Rule[]): Rule[] =>
  rules.filter((rule) => rule.level === 'MUST' && rule.notObservable === undefined);

/** Why a MUST rule has no proof: not observable, a generated fault that failed, or still to write. */
export function whyUnproven(rule: Rule, generatedMisses: Readonly<Record<string, string>>): string {
  const hidden = rule.notObservable;
  if (hidden !== undefined) return `not observable: ${hidden}`;
  const generated = generatedMisses[rule.id];
  if (generated !== undefined)
    return `proof still to write (the fault generated from the contracts is not enough: ${generated})`;
  return 'proof still to write';
}

export function renderScore(options: {
  faults: readonly FaultScore[];
  variants: readonly VariantScore[];
  /** One line: the clean reference's verdict and what qualifies it. */
  clean: string;
  uncovered: number;
  mustRules: number;
  /** Observable MUST rules, and how many of them a caught fault proves. */
  observable: number;
  proven: number;
  seed: number;
  runs: number;
}): string {
  const { faults, variants } = options;
  const lines = [
    `Written by \`npm run generate selftest\` (seed ${options.seed}, ${options.runs} cases per property). A fault is`,
    'caught when the checks that reach its rule in the clean run certify the faulty reference',
    'NON_CONFORMANT with that rule failed.',
    '',
    '| kind | faults | caught | not caught |',
    '|---|---:|---:|---|',
  ];
  for (const kind of RULE_KINDS) {
    const ofKind = faults.filter((fault) => fault.kind === kind);
    const missed = ofKind.filter((fault) => !fault.caught).map((fault) => `\`${fault.name}\``);
    lines.push(`| ${kind} | ${ofKind.length} | ${ofKind.length - missed.length} | ${missed.join(', ')} |`);
  }
  const caught = faults.filter((fault) => fault.caught).length;
  lines.push(
    `| **all** | **${faults.length}** | **${caught}** (${Math.round((100 * caught) / Math.max(1, faults.length))}%) ` +
      `| |`,
  );
  const failing = variants.filter((variant) => !variant.passed).map((variant) => `\`${variant.name}\``);
  lines.push(
    '',
    `Clean reference: ${options.clean}. Legal variants certified: ` +
      `${variants.length - failing.length} of ${variants.length}` +
      (failing.length ? ` (failing: ${failing.join(', ')})` : '') +
      `.`,
    '',
    `Observable MUST rules proven (a caught fault shows their check can fail them): **${options.proven} ` +
      `of ${options.observable}** (${Math.floor((100 * options.proven) / Math.max(1, options.observable))}%).`,
    '',
    `MUST rules that no fault declares: ${options.uncovered} of ${options.mustRules}, listed ` +
      `with the reason in [selftest/uncovered-rules.md](../selftest/uncovered-rules.md).`,
  );
  return lines.join('\n');
}

export function renderUncovered(
  rules: readonly Rule[],
  faults: readonly FaultSpec[],
  generatedMisses: Readonly<Record<string, string>>,
): string {
  const uncovered = uncoveredMustRules(rules, faults);
  const must = rules.filter((rule) => rule.level === 'MUST').length;
  const lines = [
    '# MUST rules that no reference fault declares',
    '',
    'Written by `npm run generate selftest` from the rule catalog and the faults the self-test',
    'catches (the self-validation test keeps it current). A rule here has no fault proving',
    `that its checks can fail, and the reason. ${uncovered.length} of ${must} MUST rules.`,
  ];
  for (const kind of RULE_KINDS) {
    const ofKind = uncovered.filter((rule) => rule.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push('', `## ${kind} (${ofKind.length})`, '');
    for (const rule of ofKind)
      lines.push(
        `- \`${rule.id}\`: ${rule.title} (${rule.spec.file}, ${rule.spec.heading}). Why: ` +
          `${whyUnproven(rule, generatedMisses)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
