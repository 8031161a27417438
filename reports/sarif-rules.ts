import { apiOfRule } from '../contracts/operations.js';
import { locate } from '../contracts/trace/locate.js';
import { formInWords } from '../contracts/trace/sentences.js';
import type { RuleReport } from './model.js';

// conformance.sarif's rules: one reportingDescriptor per rule of the catalog, carrying what a code
// scanning view shows beside an alert: the rule's statement, the spec sentence it comes from, and
// where that sentence is (the result's location points there too). GitHub reads the level from
// defaultConfiguration: a MUST rule is an error, a SHOULD rule a warning, as the verdict treats them.

export type SarifLevel = 'error' | 'warning';

export interface SarifText {
  text: string;
  markdown?: string;
}

export interface ReportingDescriptor {
  id: string;
  shortDescription: SarifText;
  fullDescription: SarifText;
  help: SarifText;
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[]; level: RuleReport['level']; kind: RuleReport['kind']; spec: SpecPlace };
}

/** Where a rule's sentence is: the spec file as the package ships it, and its lines. */
export interface SpecPlace {
  uri: `spec/${RuleReport['spec']['file']}`;
  startLine: number;
  endLine: number;
  heading: string;
}

const LEVEL_MEANING: Readonly<Record<RuleReport['level'], string>> = {
  MUST: 'MUST: the spec states it; a failure makes the verdict NON_CONFORMANT.',
  SHOULD: 'SHOULD: HTTP practice the spec implies but does not state; a warning, never gating.',
};

export const levelOf = (level: RuleReport['level']): SarifLevel => (level === 'MUST' ? 'error' : 'warning');

export function specPlace(rule: RuleReport): SpecPlace {
  const { file, lines, heading } = rule.spec;
  return { uri: `spec/${file}`, startLine: lines.from, endLine: lines.to, heading };
}

/** "spec/billing.md, line 41" or "lines 41-43". */
export function placeText(place: SpecPlace): string {
  const lines =
    place.startLine === place.endLine ? `line ${place.startLine}` : `lines ${place.startLine}-${place.endLine}`;
  return `${place.uri}, ${lines}`;
}

/** The sentence the rule is anchored at, with its form; undefined where the anchor names none. */
function sentenceOf(rule: RuleReport): { text: string; form: string } | undefined {
  const found = locate(rule.spec);
  return typeof found === 'string' ? undefined : { text: found.text, form: formInWords(found.form) };
}

export function reportingDescriptor(rule: RuleReport): ReportingDescriptor {
  const place = specPlace(rule);
  const sentence = sentenceOf(rule);
  const where = `${placeText(place)} (${place.heading})${sentence ? `, ${sentence.form}` : ''}`;
  const show = `npx api-conformance rules show ${rule.id}`;
  return {
    id: rule.id,
    shortDescription: { text: rule.title },
    fullDescription: { text: sentence?.text ?? rule.title },
    help: {
      text: [
        rule.title,
        `${where}:`,
        `  ${sentence?.text ?? '(sentence not found)'}`,
        LEVEL_MEANING[rule.level],
        show,
      ].join('\n'),
      markdown: [
        `**${rule.title}**`,
        '',
        `${where}:`,
        '',
        `> ${sentence?.text ?? '(sentence not found)'}`,
        '',
        LEVEL_MEANING[rule.level],
        '',
        `\`${show}\` prints the rule with its checks and its proof.`,
      ].join('\n'),
    },
    defaultConfiguration: { level: levelOf(rule.level) },
    properties: { tags: [apiOfRule(rule.id), rule.kind, rule.level], level: rule.level, kind: rule.kind, spec: place },
  };
}
