import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// vitest's global setup (vitest.config.ts): one folder per `vitest run` where the runs that test
// files share are made (cli/test-support/shared-run.ts), removed when the whole run ends. Nothing
// is started here: a run is made by the first file that asks for it, so a `vitest run` of files
// that share no run pays for none.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this `vitest run`'s shared runs. */
    sharedRunsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'shared-runs-'));
  project.provide('sharedRunsDir', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
