import type { Output } from '../../contracts/generated-files.js';
import { RULES } from '../../contracts/rules/index.js';
import { GENERATED_FAULTS } from '../../reference/faults/index.js';
import { GENERATED_MISSES } from '../../reference/faults/generated-proofs.js';
import type { SelfTestResults } from './engine.js';
import { isGenerated } from './fault-runs.js';
import { catchingCheck, renderGeneratedList, whyNotCaught } from './generated-list.js';
import { renderProofs } from './proofs-file.js';
import { verdictOf } from './runs.js';
import { observableMustRules, renderScore, renderUncovered, uncoveredMustRules } from './score.js';
import { RUNS, SEED } from './settings.js';

// What a self-test run derives: the mutation score (docs/self-validation.md), the MUST rules no fault proves
// (selftest/uncovered-rules.md), the generated faults that prove their rules
// (reference/faults/generated-proofs.ts) and every proof with its checks (contracts/proofs.json).
// `npm run generate selftest` writes them from a refresh run; the self-validation test derives
// them from its own run and fails when the committed ones differ.

export const GENERATOR_NAME = 'selftest';

/** The generated faults' catching checks and misses: from the run, and, for those it did not run, as committed. */
function generatedLists(
  results: SelfTestResults,
  refresh: boolean,
): { proofs: Record<string, string>; misses: Record<string, string> } {
  const proofs: Record<string, string> = {};
  const misses: Record<string, string> = refresh ? {} : { ...GENERATED_MISSES };
  for (const result of results.faults.filter((fault) => isGenerated(fault.fault))) {
    const check = catchingCheck(result);
    if (check !== undefined) proofs[result.fault.name] = check;
    else misses[result.fault.name] = whyNotCaught(result);
  }
  return { proofs, misses };
}

function cleanLine(results: SelfTestResults): string {
  const verdict = verdictOf(results.clean.report);
  const unverified = verdict.unverified.map((rule) => `\`${rule.id}\` ${rule.status}`);
  return (
    `${verdict.verdict}` + (unverified.length ? ` (${unverified.join(', ')}: tolerated in selftest/pending.ts)` : '')
  );
}

/**
 * The four outputs. `refresh`: the run tried every generated fault (a generator run); otherwise
 * it ran the listed ones, and the misses of the others are taken as committed.
 */
export function selfTestOutputs(results: SelfTestResults, refresh: boolean): Output[] {
  const lists = generatedLists(results, refresh);
  // The proofs: every hand and table fault, and the generated faults caught with a check.
  const scored = results.faults.filter(
    (fault) => !isGenerated(fault.fault) || lists.proofs[fault.fault.name] !== undefined,
  );
  // By rule, in catalog order: a request fault's miss is said over the response fault's of its rule.
  const missesByRule = Object.fromEntries(
    GENERATED_FAULTS.filter((fault) => lists.misses[fault.name] !== undefined).map((fault) => [
      fault.rule,
      lists.misses[fault.name],
    ]),
  );
  const proofFaults = scored.map((fault) => fault.fault);
  const observable = observableMustRules(RULES);
  const score = renderScore({
    faults: scored.map((fault) => ({ name: fault.fault.name, kind: fault.fault.kind, caught: fault.caught })),
    variants: results.variants,
    clean: cleanLine(results),
    uncovered: uncoveredMustRules(RULES, proofFaults).length,
    mustRules: RULES.filter((rule) => rule.level === 'MUST').length,
    observable: observable.length,
    proven: observable.filter((rule) => scored.some((fault) => fault.caught && fault.fault.rule === rule.id)).length,
    seed: SEED,
    runs: RUNS,
  });
  return [
    { file: 'docs/self-validation.md', section: 'mutation-score', content: score },
    { file: 'selftest/uncovered-rules.md', content: renderUncovered(RULES, proofFaults, missesByRule) },
    { file: 'reference/faults/generated-proofs.ts', content: renderGeneratedList(lists.proofs, lists.misses) },
    { file: 'contracts/proofs.json', content: renderProofs(scored, SEED, RUNS) },
  ];
}
