import { closeSharedAgent } from '../harness/http-client.js';
import { runSuites } from '../cli/run-suites.js';
import { startReference } from '../reference/server.js';
import type { Generator } from './outputs.js';

// What docs/target-profile.md says a quick look checks ("## A quick look"): the checks that run with no
// target profile, found by running a quick look at the embedded reference, as `run --base-url`
// alone would (a few seconds: every other check is skipped at once).

export const QUICK_LOOK_SECTION = 'quick-look-checks';

/** The list of the checks a quick look runs, from their names. */
export function quickLookChecksText(names: readonly string[]): string {
  if (names.length === 0) return '- none in this version: every check needs a section of a target profile';
  return [...new Set(names)]
    .sort()
    .map((name) => `- ${name}`)
    .join('\n');
}

async function quickLookChecks(): Promise<string[]> {
  const reference = await startReference({});
  try {
    const { results, runErrors } = await runSuites({
      target: { baseUrl: reference.baseUrl },
      settings: { seed: 7, runs: 1, timeoutMs: 10_000, concurrency: 8, runId: 'readme', rerunCommand: '' },
      suites: ['billing', 'assignees'],
    });
    if (runErrors.length > 0)
      throw new Error(`the quick look at the reference had run errors: ${runErrors[0].split('\n')[0]}`);
    return results.filter((result) => result.state !== 'skipped').map((result) => result.name);
  } finally {
    await closeSharedAgent();
    await reference.close();
  }
}

export const readmeFigures: Generator = {
  name: 'readme-figures',
  describe: "docs/target-profile.md's list of the checks a quick look runs (a quick look at the embedded reference)",
  outputs: async () => [
    {
      file: 'docs/target-profile.md',
      section: QUICK_LOOK_SECTION,
      content: quickLookChecksText(await quickLookChecks()),
    },
  ],
};
