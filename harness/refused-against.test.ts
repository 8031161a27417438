import { describe, expect, it } from 'vitest';
import type { Exchange, Reply } from './exchange.js';
import type { CheckMeta } from './check-meta.js';
import { Expectations } from './check-expectations.js';
import { RuleVerdicts } from './rule-verdicts.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// A refusal of a request that breaks one rule credits that rule only beside the same request
// without the break, taken: a server that refuses both (for a member it requires beyond the
// spec, a route it lacks) shows nothing of the rule.

const RULE = 'billing.plan.status.create-values' as RuleId;
let sent = 0;

function reply(status: number): Reply {
  sent += 1;
  const exchange: Exchange = {
    id: `c-${sent}`,
    request: { method: 'POST', url: 'http://h.test/v1/billing/plans', headers: {} },
    response: { status, headers: {}, body: '{}' },
    durationMs: 1,
  };
  return { exchange, status, headers: {}, text: '{}', json: {}, operation: 'create plan' };
}

function expectations(): { expect: Expectations; verdicts: RuleVerdicts; meta: CheckMeta } {
  const verdicts = new RuleVerdicts();
  const meta: CheckMeta = { rules: [RULE], covered: [], observations: [], requests: 0, seed: 1 };
  const expect = new Expectations(verdicts, meta, (details) => ({ ...details, exchanges: details.exchanges ?? [] }));
  return { expect, verdicts, meta };
}

describe('a refusal set against the same request without its break', () => {
  it('credits the rule on both once the request without the break is taken, then on later refusals alone', async () => {
    const { expect: e, verdicts } = expectations();
    const taken: Reply[] = [];
    const unbroken = () => {
      taken.push(reply(201));
      return Promise.resolve(taken[taken.length - 1]);
    };
    const first = reply(400);
    await e.expectRefusedAgainst(first, RULE, 'create plan with status INACTIVE', unbroken);
    await e.expectRefusedAgainst(reply(422), RULE, 'create plan with status PAUSED', unbroken);
    expect(taken).toHaveLength(1);
    const [pass] = verdicts.settle([RULE], true, undefined).passed;
    expect(pass.rule).toBe(RULE);
    expect(pass.evidence.map((ref) => [ref.id, ref.status])).toEqual([
      [first.exchange.id, 400],
      [taken[0].exchange.id, 201],
    ]);
  });

  it('leaves the rule not evaluated when the request without the break is refused too', async () => {
    const { expect: e, verdicts } = expectations();
    await e.expectRefusedAgainst(reply(400), RULE, 'create plan with status INACTIVE', () =>
      Promise.resolve(reply(400)),
    );
    const settled = verdicts.settle([RULE], true, undefined);
    expect(settled.passed).toEqual([]);
    expect(settled.skipped).toEqual([
      { rules: [RULE], reason: 'not evaluated: the request without the break was refused too (status 400)' },
    ]);
  });

  it('fails the rule when the break is taken, whatever the request without it gets', async () => {
    const { expect: e, verdicts } = expectations();
    await e.expectRefusedAgainst(reply(201), RULE, 'create plan with status INACTIVE', () => {
      throw new Error('not sent: the break was taken');
    });
    expect(verdicts.hasFailed(RULE)).toBe(true);
  });
});
