import type { ConformanceReport, RuleStatus } from '../reports/model.js';
import type { Divergence } from './divergences.js';

// diff.json (contracts/diff.schema.json): the two targets, every rule's status on each side,
// the divergences (conformance ones, where one answer breaks a rule, and those where both may
// conform), what was left out as another run's leftovers, and the members found to be noise.

export interface DiffRule {
  id: string;
  title: string;
  level: 'MUST' | 'SHOULD';
  a: RuleStatus;
  b: RuleStatus;
}

export interface DiffReport {
  tool: { name: string; version: string };
  startedAt: string;
  durationMs: number;
  seed: number;
  /** The diff's command line as typed. */
  commandLine: string;
  targets: { a: string; b: string };
  summary: {
    /** MUST rules one side failed and the other passed. */
    failedOnlyByA: string[];
    failedOnlyByB: string[];
    /** Rules whose status differs in any way. */
    rulesDiffering: number;
    /** Divergence groups where one answer breaks a rule the other holds. */
    conformanceDifferences: number;
    /** Divergence groups, and the exchanges in them. */
    divergences: number;
    divergentExchanges: number;
    /** Exchanges compared (both sides answered the same request). */
    pairs: number;
    /** Exchanges not compared because they showed resources their run did not make. */
    leftovers: Leftovers;
    noise: number;
  };
  rules: DiffRule[];
  divergences: Divergence[];
  noise: string[];
}

export interface Leftovers {
  exchanges: number;
  resources: number;
}

export interface DiffInput {
  tool: { name: string; version: string };
  startedAt: Date;
  seed: number;
  commandLine: string;
  targets: { a: string; b: string };
  a: ConformanceReport;
  b: ConformanceReport;
  divergences: Divergence[];
  pairs: number;
  leftovers: Leftovers;
  noise: string[];
}

export function buildDiffReport(input: DiffInput): DiffReport {
  const bStatus = new Map(input.b.rules.map((rule) => [rule.id, rule.status]));
  const rules: DiffRule[] = input.a.rules.map((rule) => ({
    id: rule.id,
    title: rule.title,
    level: rule.level,
    a: rule.status,
    b: bStatus.get(rule.id) ?? 'skipped',
  }));
  const failedOnly = (mine: 'a' | 'b'): string[] => {
    const other = mine === 'a' ? 'b' : 'a';
    return rules
      .filter((rule) => rule.level === 'MUST' && rule[mine] === 'failed' && rule[other] === 'passed')
      .map((rule) => rule.id);
  };
  return {
    tool: input.tool,
    startedAt: input.startedAt.toISOString(),
    durationMs: Date.now() - input.startedAt.getTime(),
    seed: input.seed,
    commandLine: input.commandLine,
    targets: input.targets,
    summary: {
      failedOnlyByA: failedOnly('a'),
      failedOnlyByB: failedOnly('b'),
      rulesDiffering: rules.filter((rule) => rule.a !== rule.b).length,
      conformanceDifferences: input.divergences.filter((divergence) => divergence.kind === 'conformance').length,
      divergences: input.divergences.length,
      divergentExchanges: input.divergences.reduce((sum, divergence) => sum + divergence.count, 0),
      pairs: input.pairs,
      leftovers: input.leftovers,
      noise: input.noise.length,
    },
    rules,
    divergences: input.divergences,
    noise: input.noise,
  };
}

/** MUST rules one side fails and the other passes, or one answer breaks and the other holds. */
export function oneSideBreaksMust(report: DiffReport): boolean {
  const mustBroken = report.divergences.some(
    (divergence) => divergence.kind === 'conformance' && divergence.level === 'MUST',
  );
  return mustBroken || report.summary.failedOnlyByA.length + report.summary.failedOnlyByB.length > 0;
}

/** 1 when one side breaks a MUST rule the other holds, or, when asked, on any divergence; else 0. */
export function diffExitCode(report: DiffReport, failOnDivergence: boolean): 0 | 1 {
  if (oneSideBreaksMust(report)) return 1;
  return failOnDivergence && report.divergences.length > 0 ? 1 : 0;
}
