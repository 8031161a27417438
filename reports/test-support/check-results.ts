import type { CheckMeta, FailureRecord } from '../../harness/check-meta.js';
import type { CheckResult } from '../model.js';

// The check results report tests build: a meta with nothing in it but what a test names, and a
// failed check that declares the rule of its failure.

export function checkMeta(partial: Partial<CheckMeta> = {}): CheckMeta {
  return { rules: [], covered: [], observations: [], requests: 1, seed: 1, ...partial };
}

export function failedCheck(name: string, failure: FailureRecord, meta: Partial<CheckMeta> = {}): CheckResult {
  return { name, file: 'billing/limits', state: 'failed', durationMs: 3, meta: checkMeta({ rules: [failure.rule], failure, ...meta }) };
}
