import { TOLERATED_SKIPS } from '../selftest/pending.js';
import { runSelfTest } from '../selftest/support/engine.js';
import { GENERATOR_NAME, selfTestOutputs } from '../selftest/support/outputs.js';
import { DEFAULT_SEED, ONLY, SEED } from '../selftest/support/settings.js';
import type { Generator } from './outputs.js';

// The self-test's score and proofs, from a run that tries every switchable fault (each generated
// one with the quickest check that reaches its rule): docs/self-validation.md's mutation score,
// selftest/uncovered-rules.md, reference/faults/generated-proofs.ts and contracts/proofs.json.
// Several minutes; needs dist/ (`npm run generate` builds first). The self-validation test
// compares these files with its own run instead of the staleness test re-running it.

export const selftest: Generator = {
  name: GENERATOR_NAME,
  describe:
    'the mutation score, the uncovered rules, the generated faults that prove their rules and ' +
    'contracts/proofs.json, from a self-test run',
  slow: true,
  outputs: async () => {
    // The committed files hold the whole default-seed run: a partial or other-seed one would overwrite them wrongly.
    if (ONLY || SEED !== DEFAULT_SEED)
      throw new Error(
        `unset SELFTEST_ONLY and SELFTEST_SEED: the committed files hold every fault at seed ${DEFAULT_SEED}`,
      );
    const results = await runSelfTest({ tolerated: new Set(Object.keys(TOLERATED_SKIPS)), refresh: true });
    // The records would hold what a lost runner left out.
    if (results.lostRunners.length > 0)
      throw new Error(
        `a fault runner ended before answering its wave, nothing written:\n${results.lostRunners.join('\n')}`,
      );
    const caught = results.faults.filter((fault) => fault.caught).length;
    process.stdout.write(
      `selftest: faults caught ${caught} of ${results.faults.length}, variants passed ` +
        `${results.variants.filter((v) => v.passed).length} of ${results.variants.length} (details ` +
        `in selftest/out/results.json)\n`,
    );
    return selfTestOutputs(results, true);
  },
};
