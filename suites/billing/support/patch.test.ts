import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { expectRefusedAndUnchanged, membersOf } from './patch.js';

// "Refused and nothing changed": which members a patch touches, and that a change is seen
// wherever it is (inside an array, under a name with a dot), whatever the member order.

const reply = (status: number) => ({ status, exchange: {} }) as unknown as Reply;

/** The rules a judgement fails (ctx.fail throws, as in a check). */
function failures(before: object, after: object, members: readonly string[], status = 400): string[] {
  const failed: string[] = [];
  const ctx = {
    fail: (details: { rule: string; message: string }) => {
      failed.push(`${details.rule}: ${details.message}`);
      throw new Error(details.message);
    },
    creditRefusal: () => undefined,
    credit: () => undefined,
  } as unknown as CheckContext;
  try {
    expectRefusedAndUnchanged(ctx, {
      rule: 'billing.update-plan.other-paths-refused',
      what: 'a patch',
      reply: reply(status),
      before: { ...before },
      after: { ...after },
      readBack: reply(200),
      members,
    });
  } catch (error) {
    // the first failure ends the judgement, as ctx.fail does in a check; anything else is the test's own error
    if (failed.length === 0) throw error;
  }
  return failed;
}

describe('membersOf', () => {
  it('names the path, the from and /status as JSON Pointers', () => {
    expect(membersOf({ op: 'replace', path: '/billing_cycles/0/total_cycles', value: 6 })).toEqual([
      '/billing_cycles/0/total_cycles',
      '/status',
    ]);
    expect(membersOf({ op: 'move', from: '/description', path: '/name' })).toEqual([
      '/name',
      '/description',
      '/status',
    ]);
    expect(membersOf({ op: 'replace', path: '/a.b', value: 1 })).toEqual(['/a.b', '/status']);
  });

  it('names the member holding the cycles for an @sequence==n selector', () => {
    expect(membersOf({ op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 3 })).toEqual([
      '/plan',
      '/status',
    ]);
  });
});

describe('expectRefusedAndUnchanged', () => {
  const plan = {
    status: 'ACTIVE',
    billing_cycles: [{ sequence: 1, total_cycles: 2, frequency: { interval_unit: 'MONTH', interval_count: 1 } }],
  };

  it('sees a change inside an array that a 4xx claimed not to make', () => {
    const changed = { ...plan, billing_cycles: [{ ...plan.billing_cycles[0], total_cycles: 6 }] };
    expect(
      failures(plan, changed, membersOf({ op: 'replace', path: '/billing_cycles/0/total_cycles', value: 6 })),
    ).toEqual([
      'billing.update-plan.other-paths-refused: a patch: refused with 400, yet /billing_cycles/0/total_cycles changed',
    ]);
  });

  it('sees a change under a member name with a dot', () => {
    expect(failures({ 'a.b': 1 }, { 'a.b': 2 }, ['/a.b'])).toHaveLength(1);
  });

  it('passes a refusal that changed nothing, members reordered', () => {
    const reordered = {
      billing_cycles: [{ frequency: { interval_count: 1, interval_unit: 'MONTH' }, total_cycles: 2, sequence: 1 }],
      status: 'ACTIVE',
    };
    expect(
      failures(
        plan,
        reordered,
        membersOf({ op: 'replace', path: '/billing_cycles/0/frequency/interval_count', value: 2 }),
      ),
    ).toEqual([]);
    expect(failures(plan, reordered, ['/billing_cycles'])).toEqual([]);
  });

  it('fails a patch that was not refused', () => {
    expect(failures(plan, plan, ['/status'], 204)).toHaveLength(1);
  });
});
