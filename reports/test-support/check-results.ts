import type { AlsoBroken, CheckMeta, FailureRecord } from '../../harness/check-meta.js';
import type { CheckResult } from '../model.js';

// The check results report tests build: a meta with nothing in it but what a test names, and a
// failed check that declares the rule of its failure. Report tests use small catalogs of their
// own, with ids the real catalog may not have: they are taken as rule ids here, on purpose.

export type LooseFailure = Omit<FailureRecord, 'rule' | 'more'> & {
  rule: string;
  more?: Array<Omit<AlsoBroken, 'rule'> & { rule: string }>;
};

export type LooseMeta = Omit<
  Partial<CheckMeta>,
  'rules' | 'covered' | 'failure' | 'serverErrors' | 'notTried' | 'refusals'
> & {
  rules?: string[];
  covered?: string[];
  failure?: LooseFailure;
  serverErrors?: LooseFailure;
  notTried?: Array<{ rules: string[]; reason: string }>;
  refusals?: Array<{ rule: string; operation: string }>;
};

export function checkMeta(partial: LooseMeta = {}): CheckMeta {
  return { rules: [], covered: [], observations: [], requests: 1, seed: 1, ...partial } as CheckMeta;
}

export function failedCheck(name: string, failure: LooseFailure, meta: LooseMeta = {}): CheckResult {
  return {
    name,
    file: 'billing/limits',
    state: 'failed',
    durationMs: 3,
    meta: checkMeta({ rules: [failure.rule], failure, ...meta }),
  };
}
