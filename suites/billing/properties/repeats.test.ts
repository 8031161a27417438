import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { judgeRepeat, keptReply, replayed, type RepeatCase } from './repeats.js';

// A case keeps of each answer what its judging and its evidence need once the answer is judged:
// the status, the id, the exchange. Not the body's text and parse (a --runs 1000 property keeps a
// thousand cases until its read-back).

const RULES = { key: 'billing.create-plan.idempotency-key', replay: 'billing.create-plan.idempotency-replay' } as const;

function replyOf(status: number, json: unknown): Reply {
  const text = JSON.stringify(json);
  const exchange: Exchange = {
    id: `c1-${Math.random()}`,
    request: { method: 'POST', url: 'http://127.0.0.1:1/v1/billing/plans', headers: {} },
    response: { status, headers: {}, body: text },
  } as Exchange;
  return { exchange, status, headers: {}, text, json };
}

function judged(first: Reply, repeat: Reply): { c: RepeatCase; failed: string[] } {
  const failed: string[] = [];
  const ctx = { fail: (f: { rule: string }) => failed.push(f.rule) } as unknown as CheckContext;
  const c: RepeatCase = { mark: 'K0001', first: keptReply(first), firstId: 'P-1' };
  judgeRepeat(ctx, c, repeat, RULES, 'create plan repeated');
  return { c, failed };
}

describe('keptReply', () => {
  it('keeps the status, the id named and the exchange itself, not the body', () => {
    const reply = replyOf(201, { id: 'P-1', name: 'a plan', billing_cycles: [{ sequence: 1 }] });
    const kept = keptReply(reply);
    expect(kept).toEqual({ status: 201, id: 'P-1', exchange: reply.exchange });
    expect(kept.exchange).toBe(reply.exchange);
    expect(Object.keys(kept).sort()).toEqual(['exchange', 'id', 'status']);
  });

  it('names no id for a body without one', () => {
    expect(keptReply(replyOf(422, { name: 'VALIDATION_ERROR' }))).not.toHaveProperty('id');
  });
});

describe('judgeRepeat on kept replies', () => {
  it('fails the key rule on a repeat naming another id, and keeps the repeat', () => {
    const { c, failed } = judged(replyOf(201, { id: 'P-1' }), replyOf(201, { id: 'P-2' }));
    expect(failed).toEqual([RULES.key]);
    expect(c.repeat).toMatchObject({ status: 201, id: 'P-2' });
    expect(replayed([c])).toEqual([]);
  });

  it('passes a repeat answered with the first id, which counts as replayed', () => {
    const { c, failed } = judged(replyOf(201, { id: 'P-1' }), replyOf(200, { id: 'P-1' }));
    expect(failed).toEqual([]);
    expect(replayed([c])).toEqual([c]);
  });

  it('fails the replay rule on a success naming no id; a refusal fails nothing', () => {
    expect(judged(replyOf(201, { id: 'P-1' }), replyOf(201, {})).failed).toEqual([RULES.replay]);
    expect(judged(replyOf(201, { id: 'P-1' }), replyOf(409, { name: 'DUPLICATE' })).failed).toEqual([]);
  });
});
