import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');
export const COVERAGE_RUN = join(ROOT, 'selftest', 'coverage-run.mjs');
export const FAULT_RUNNER = join(ROOT, 'selftest', 'fault-runner.mjs');
export const OUT = join(ROOT, 'selftest', 'out');
export const README = join(ROOT, 'README.md');
export const UNCOVERED_RULES = join(ROOT, 'selftest', 'uncovered-rules.md');
export const GENERATED_PROOFS_FILE = join(ROOT, 'reference', 'faults', 'generated-proofs.ts');
