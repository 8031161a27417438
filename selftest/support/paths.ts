import { join } from 'node:path';
import { packageRoot } from '../../contracts/package-root.js';

// From the sources (vitest) and from the build (dist/selftest, run by `npm run generate`) alike.
export const ROOT = packageRoot();
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');
export const COVERAGE_RUN = join(ROOT, 'selftest', 'coverage-run.mjs');
export const FAULT_RUNNER = join(ROOT, 'selftest', 'fault-runner.mjs');
export const OUT = join(ROOT, 'selftest', 'out');
