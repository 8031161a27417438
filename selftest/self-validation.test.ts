import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { staleOutputs } from '../contracts/generated-files.js';
import { RULES, ruleById } from '../contracts/rules/index.js';
import { FAULTS, GENERATED_FAULTS } from '../reference/faults/index.js';
import { GENERATED_MISSES, GENERATED_PROOFS } from '../reference/faults/generated-proofs.js';
import { VARIANTS } from '../reference/variants.js';
import { PENDING_FAULTS, PENDING_VARIANTS, TOLERATED_SKIPS } from './pending.js';
import { runSelfTest, type SelfTestResults } from './support/engine.js';
import { selfTestOutputs } from './support/outputs.js';
import { CLI, OUT, ROOT } from './support/paths.js';
import { verdictOf } from './support/runs.js';
import { DEFAULT_SEED, ONLY, REFRESH_COMMAND, SEED, STRICT } from './support/settings.js';
import { variantGroups } from './variant-groups.js';

// The checker passes the clean reference and every legal variant, and fails every reference
// fault on the rule the fault declares. Runs the built command line (npm test builds first);
// SELFTEST_STRICT=1 ignores the pending lists, SELFTEST_FULL=1 runs whole suites per fault.
// What the run derives (the score, the lists, contracts/proofs.json) must be what is committed:
// `npm run generate selftest` refreshes it.

const pendingFaults: Readonly<Record<string, string>> = STRICT ? {} : PENDING_FAULTS;
const pendingVariants: Readonly<Record<string, string>> = STRICT ? {} : PENDING_VARIANTS;
const tolerated = new Set(STRICT ? [] : Object.keys(TOLERATED_SKIPS));

describe('the fault and variant catalogs', () => {
  it("every fault declares a MUST rule of the catalog (its kind is that rule's)", () => {
    const wrong = FAULTS.flatMap((fault) => {
      const rule = ruleById(fault.rule);
      if (!rule) return [`${fault.name}: unknown rule ${fault.rule}`];
      if (rule.level !== 'MUST')
        return [
          `${fault.name}: ${fault.rule} is ${rule.level}; a SHOULD rule only warns, so the fault ` +
            `could never make the verdict NON_CONFORMANT`,
        ];
      return [];
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('faults cover every kind of rule, several per kind', () => {
    const kinds = new Set(RULES.map((rule) => rule.kind));
    const thin = [...kinds].filter((kind) => FAULTS.filter((fault) => fault.kind === kind).length < 3);
    expect(thin, `kinds with fewer than 3 faults: ${thin.join(', ')}`).toEqual([]);
  });

  it('every variant cites the spec passage that leaves its behaviour open', () => {
    const bare = VARIANTS.filter((variant) => !/(billing|assignees)\.md, [^:]+: /.test(variant.specPassage)).map(
      (variant) => variant.name,
    );
    expect(bare, `variants without a "file.md, Heading: quote" citation: ${bare.join(', ')}`).toEqual([]);
  });

  it('the variant groups hold every variant exactly once', () => {
    expect(variantGroups().flat().sort()).toEqual(VARIANTS.map((variant) => variant.name).sort());
  });

  it('the pending lists name only existing faults, variants and rules', () => {
    const unknown = [
      ...Object.keys(PENDING_FAULTS).filter((name) => !FAULTS.some((fault) => fault.name === name)),
      ...Object.keys(PENDING_VARIANTS).filter((name) => !VARIANTS.some((variant) => variant.name === name)),
      ...Object.keys(TOLERATED_SKIPS).filter((id) => !ruleById(id)),
    ];
    expect(unknown).toEqual([]);
  });
});

describe('self-validation against the reference', () => {
  let results: SelfTestResults;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const built = (await import(pathToFileURL(join(ROOT, 'dist', 'reference', 'faults', 'index.js')).href)) as {
      FAULTS: typeof FAULTS;
    };
    const builtVariants = (await import(pathToFileURL(join(ROOT, 'dist', 'reference', 'variants.js')).href)) as {
      VARIANTS: typeof VARIANTS;
    };
    if (
      JSON.stringify(built.FAULTS) !== JSON.stringify(FAULTS) ||
      JSON.stringify(builtVariants.VARIANTS) !== JSON.stringify(VARIANTS)
    ) {
      throw new Error(
        'dist/ is older than reference/faults/ or variants.ts: run `npm run build` first (npm test does)',
      );
    }
    results = await runSelfTest({ tolerated, refresh: false, collateral: true, ...(ONLY ? { only: ONLY } : {}) });
    const t = results.timings;
    console.log(
      `self-test: clean ${(t.cleanMs / 1000).toFixed(0)} s, variants ` +
        `${(t.variantsMs / 1000).toFixed(0)} s, faults ${(t.faultsMs / 1000).toFixed(0)} s, collateral ` +
        `${(t.collateralMs / 1000).toFixed(0)} s, total ` +
        `${(t.totalMs / 1000).toFixed(0)} s; ` +
        `faults caught ${results.faults.filter((f) => f.caught).length} of ${results.faults.length}, ` +
        `variants passed ${results.variants.filter((v) => v.passed).length} of ` +
        `${results.variants.length}; details in selftest/out/results.json`,
    );
  }, 3_600_000);

  it('every fault runner answered its whole wave (a runner that ended says why in its log)', () => {
    expect(results.lostRunners, results.lostRunners.join('\n')).toEqual([]);
  });

  it('certifies the clean reference: no MUST rule failed or errored, no warning, CONFORMANT', () => {
    const { clean } = results;
    const verdict = verdictOf(clean.report);
    const problems = [
      ...clean.runErrors.map((error) => `run error: ${error}`),
      ...verdict.failed.map((id) => `MUST rule failed: ${id}`),
      ...verdict.warnings.map((id) => `SHOULD rule warned: ${id}`),
      ...verdict.errors.map((id) => `rule errored: ${id}`),
      ...verdict.unverified
        .filter((rule) => !(rule.status === 'skipped' && tolerated.has(rule.id)))
        .map((rule) => `MUST rule ${rule.status}: ${rule.id} (${rule.reason ?? 'no reason'})`),
      ...verdict.failingChecks.map((failure) => `check "${failure.check}" failed ${failure.rule}: ${failure.message}`),
    ];
    const accepted = verdict.verdict === 'CONFORMANT' || (verdict.verdict === 'PARTIAL' && problems.length === 0);
    expect(
      problems,
      `the clean reference is ${verdict.verdict}:\n${problems.join('\n')}\nre-run: node ` +
        `dist/cli/main.js run --seed ${SEED}`,
    ).toEqual([]);
    expect(accepted, `the clean reference is ${verdict.verdict}`).toBe(true);
  });

  it('verifies every MUST rule of the catalog in the clean run, but those listed as not observable', () => {
    const statusOf = new Map(results.clean.report.rules.map((rule) => [rule.id, rule.status]));
    const unverified = RULES.filter(
      (rule) =>
        rule.level === 'MUST' &&
        rule.notObservable === undefined &&
        statusOf.get(rule.id) !== 'passed' &&
        !tolerated.has(rule.id),
    );
    const hint =
      'For each: a check that evaluates it (a named expectation or ctx.credit on what showed it, or a contract ' +
      'it validates a value against), or, only when no black-box client can observe it through the ' +
      'API, the reason in its record (notObservable, contracts/rules/).';
    expect(
      unverified.map((rule) => `${rule.id}: ${statusOf.get(rule.id)}`),
      hint,
    ).toEqual([]);
  });

  it('lists as not observable only rules no check of the clean run declares or evaluates', () => {
    // A check may name the retention rule beside the idempotency-key rules it verifies; the report
    // shows it not observable.
    const named = new Map<string, string>();
    for (const check of results.clean.checks)
      for (const rule of [...check.rules, ...check.covered]) named.set(rule, check.name);
    const contradicted = RULES.filter(
      (rule) =>
        rule.notObservable !== undefined &&
        named.has(rule.id) &&
        rule.id !== 'billing.limits.idempotency-retention-72h',
    );
    expect(
      contradicted.map((rule) => `${rule.id}: listed as not observable, yet "${named.get(rule.id)}" evaluates it`),
    ).toEqual([]);
  });

  it('tolerated skips still skip (remove an entry of TOLERATED_SKIPS once its rule is verified)', () => {
    const unverified = new Set(verdictOf(results.clean.report).unverified.map((rule) => rule.id));
    const stale = Object.keys(TOLERATED_SKIPS).filter((id) => !unverified.has(id));
    expect(
      stale,
      `no longer skipped on the clean reference, remove from selftest/pending.ts: ${stale.join(', ')}`,
    ).toEqual([]);
  });

  it('one bug, one failure: no fault run fails a rule beyond its own and the consequences its record names', () => {
    // Each proof run, and each proving check run whole with one of its faults (collateral-runs.ts).
    const inProofRuns = results.faults.filter((fault) => fault.collateral.length > 0).map((fault) => fault.account);
    const inWholeRuns = results.collateral
      .filter((result) => result.collateral.length > 0)
      .map(
        (result) =>
          `fault ${result.fault}, "${result.check}" run whole: also failed ` +
          result.collateral.map((one) => `${one.rule} (${one.message})`).join('; ') +
          `\n    re-run: ${result.command}`,
      );
    expect(
      [...inProofRuns, ...inWholeRuns],
      'a later step judged against a state an earlier, wrongly taken request changed? Judge it against the ' +
        "state read right before it (harness/state-found.ts); a true consequence goes in the fault's " +
        'record (consequences, with why)',
    ).toEqual([]);
  });

  it.for(FAULTS.map((fault) => [fault.name, fault.rule] as const))('fault %s is caught on %s', ([name], ctx) => {
    const result = results.faults.find((fault) => fault.fault.name === name);
    if (!result && ONLY) return ctx.skip(`SELFTEST_ONLY=${ONLY.source} leaves it out`);
    if (!result) throw new Error(`fault ${name} was not run`);
    const pending = pendingFaults[name];
    if (pending !== undefined) {
      expect(
        result.caught,
        `${result.account}\nthis fault is caught now: remove it from PENDING_FAULTS in selftest/pending.ts`,
      ).toBe(false);
      return;
    }
    expect(result.caught, result.account).toBe(true);
  });

  it.each(VARIANTS.map((variant) => [variant.name] as const))('legal variant %s is certified', (name) => {
    const result = results.variants.find((variant) => variant.name === name)!;
    const pending = pendingVariants[name];
    if (pending !== undefined) {
      expect(result.passed, `variant ${name} passes now: remove it from PENDING_VARIANTS in selftest/pending.ts`).toBe(
        false,
      );
      return;
    }
    expect(result.passed, result.account).toBe(true);
  });

  it(
    `the files \`${REFRESH_COMMAND}\` writes are current: the score in docs/self-validation.md, the ` +
      `uncovered rules, the generated proofs, contracts/proofs.json`,
    (ctx) => {
      if (ONLY) ctx.skip(`SELFTEST_ONLY=${ONLY.source}: the score needs every fault`);
      const outputs = selfTestOutputs(results, false);
      // What this run derives, for a look when a file is stale.
      for (const output of outputs) writeFileSync(join(OUT, output.file.replace(/\//g, '_')), output.content);
      // The committed files hold the default seed's run: another SELFTEST_SEED checks faults and variants only.
      if (SEED !== DEFAULT_SEED)
        ctx.skip(
          `the committed files hold the run at seed ${DEFAULT_SEED}; this run used seed ${SEED} ` +
            `(what it derives is in selftest/out/)`,
        );
      const stale = staleOutputs(ROOT, outputs);
      const unconfirmed = results.faults.filter((fault) => fault.unconfirmed.length > 0).map((fault) => fault.account);
      const why =
        unconfirmed.length > 0
          ? '\nproofs on record that a check contradicted (it passed the rule with the fault on):\n' +
            unconfirmed.join('\n')
          : '';
      expect(
        stale,
        `stale: ${stale.join(', ')}; refresh with \`${REFRESH_COMMAND}\` (then \`npm run build\`; ` +
          `what this run derives is in selftest/out/)${why}`,
      ).toEqual([]);
    },
  );

  it('the faults generated from the contracts are current (reference/faults/generated-proofs.ts)', (ctx) => {
    if (ONLY) ctx.skip(`SELFTEST_ONLY=${ONLY.source}: the list needs every fault`);
    const candidates = new Set(GENERATED_FAULTS.map((fault) => fault.name));
    const known = new Set([...Object.keys(GENERATED_PROOFS), ...Object.keys(GENERATED_MISSES)]);
    const stale = [...known].filter((name) => !candidates.has(name)).map((name) => `no longer generated: ${name}`);
    const untried = [...candidates]
      .filter((name) => !known.has(name))
      .map((name) => `generated but never tried: ${name}`);
    expect(
      [...stale, ...untried],
      `the list of generated faults is stale: refresh with \`${REFRESH_COMMAND}\` (then \`npm run build\`)`,
    ).toEqual([]);
  });
});
