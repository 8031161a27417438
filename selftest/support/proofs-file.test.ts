import { describe, expect, it } from 'vitest';
import { proofsOf } from '../../contracts/proofs.js';
import type { CheckReport, ConformanceReport } from '../../reports/model.js';
import type { FaultSpec } from '../../reference/faults/index.js';
import { proofOf } from '../../reports/proofs.js';
import { failedIn, passedIn } from './fault-jobs.js';
import type { FaultResult } from './fault-runs.js';
import { renderProofs } from './proofs-file.js';
import type { CliRun } from './runs.js';

// contracts/proofs.json as the self-test writes it and the report reads it: per rule, the faults
// caught on it with the checks that failed it there, each with its side when the report said.

const check = (name: string, status: CheckReport['status'], side?: CheckReport['side']): CheckReport =>
  ({ name, status, ...(side ? { side } : {}) }) as CheckReport;

function runWith(rule: string, status: string, checks: CheckReport[]): CliRun {
  const report = { rules: [{ id: rule, status, checks }] } as unknown as ConformanceReport;
  return { label: 'fault-x', command: '', exitCode: 1, durationMs: 0, report, output: '' };
}

const result = (name: string, rule: string, caught: boolean, proof: FaultResult['proof']): FaultResult => ({
  fault: { name, rule } as FaultSpec,
  reaching: [],
  caught,
  proof,
  alongside: [],
  unconfirmed: [],
  unjudged: [],
  collateral: [],
  account: '',
});

describe('proofs of the faults caught', () => {
  it('takes the checks that failed the rule, once each, with their side when the report says it', () => {
    const run = runWith('r', 'failed', [
      check('a', 'failed', 'request'),
      check('a', 'failed', 'request'),
      check('b', 'failed'),
      check('c', 'error'),
      check('d', 'passed'),
    ]);
    expect(failedIn(run, 'r', undefined)).toEqual([{ name: 'a', side: 'request' }, { name: 'b' }]);
    expect(failedIn(run, 'r', ['b', 'c'])).toEqual([{ name: 'b' }]);
    const mixed = runWith('r', 'failed', [check('a', 'failed', 'request'), check('a', 'failed', 'response')]);
    expect(failedIn(mixed, 'r', undefined)).toEqual([{ name: 'a', side: 'both' }]);
    expect(failedIn(runWith('r', 'passed', [check('a', 'passed')]), 'r', undefined)).toEqual([]);
  });

  it('tells a check that passed the rule with the fault on (it contradicts a proof) from one that errored', () => {
    const run = runWith('r', 'failed', [
      check('a', 'failed'),
      check('b', 'passed'),
      check('b', 'passed'),
      check('c', 'error'),
    ]);
    expect(passedIn(run, 'r', undefined)).toEqual(['b']);
    expect(passedIn(run, 'r', ['a', 'c'])).toEqual([]);
  });

  it('writes rules sorted, faults in the order given, and leaves out the faults not caught', () => {
    const text = renderProofs(
      [
        result('f2', 'z.rule', true, [{ name: 'x', side: 'response' }]),
        result('f1', 'a.rule', false, []),
        result('f3', 'a.rule', true, [{ name: 'y' }]),
        result('f4', 'z.rule', true, [{ name: 'w' }]),
      ],
      7,
      10,
    );
    expect(JSON.parse(text)).toEqual({
      seed: 7,
      runs: 10,
      rules: {
        'a.rule': [{ fault: 'f3', checks: [{ name: 'y' }] }],
        'z.rule': [
          { fault: 'f2', checks: [{ name: 'x', side: 'response' }] },
          { fault: 'f4', checks: [{ name: 'w' }] },
        ],
      },
    });
    expect(Object.keys(JSON.parse(text).rules)).toEqual(['a.rule', 'z.rule']);
  });

  it('reads the committed file: a proven rule has its fault and checks, the report its first fault', () => {
    const proofs = proofsOf('billing.plan.name.length');
    expect(proofs.length).toBeGreaterThan(0);
    for (const proof of proofs) expect(proof.checks.length, proof.fault).toBeGreaterThan(0);
    expect(proofOf('billing.plan.name.length')).toEqual({ fault: proofs[0].fault });
    expect(proofsOf('no.such.rule')).toEqual([]);
    expect(proofOf('no.such.rule')).toBeNull();
  });
});
