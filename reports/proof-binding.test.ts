import { describe, expect, it } from 'vitest';
import { bindProof, type FaultProof } from './proof-binding.js';
import type { CheckReport } from './model.js';

const pass = (name: string, side?: CheckReport['side']): CheckReport => ({
  name,
  status: 'passed',
  evidence: [],
  ...(side ? { side } : {}),
});
const limits = 'billing limits: create subscription requests that break a stated limit are refused and create nothing';
const shapes = 'responses: a created subscription reads back in the shape the spec states';
const PROOFS: FaultProof[] = [{ fault: 'date-time-65-accepted', checks: [{ name: limits, side: 'request' }] }];

describe('bindProof', () => {
  it('proves a pass by the check the self-test saw failing the rule, judging the same side', () => {
    expect(bindProof([pass(shapes, 'response'), pass(limits, 'request')], PROOFS)).toEqual({
      proof: { fault: 'date-time-65-accepted', check: limits },
      check: limits,
    });
  });

  it('does not count a pass on answers alone as proven by a fault caught on a request, and says so', () => {
    const bound = bindProof([pass(shapes, 'response')], PROOFS);
    expect(bound.proof).toBeNull();
    expect(bound.note).toMatch(/^response side only: /);
  });

  it('does not count the proving check when this run it judged only the other side', () => {
    expect(bindProof([pass(limits, 'response')], PROOFS).proof).toBeNull();
  });

  it('names the checks when the crediting ones are not those the self-test saw failing the rule', () => {
    const bound = bindProof([pass('another check')], PROOFS);
    expect(bound.proof).toBeNull();
    expect(bound.note).toContain('"another check"');
    expect(bindProof([pass(limits)], []).note).toBe('no reference fault proves it');
  });
});
