import type { Output } from '../contracts/generated-files.js';

// A generator of `npm run generate` (codegen/registry.ts lists them). Each derives its outputs
// from the project's own sources; a test compares them with what is committed, so nothing
// generated goes stale and nothing is refreshed by a switch hidden in a test.

export interface Generator {
  name: string;
  /** What it derives, in a few words (printed by `npm run generate`). */
  describe: string;
  /**
   * Slow generators (the self-test) are not re-run by the staleness test: the test that already
   * runs them compares their outputs instead.
   */
  slow?: boolean;
  outputs(root: string): Promise<Output[]>;
}
