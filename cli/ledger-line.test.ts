import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../harness/ledger.js';
import { createdCounts, createdText } from './ledger-line.js';

const at = {
  baseUrl: 'http://x',
  tokenField: 'billing.token' as const,
  run: 'cnf7',
  check: 'c',
  at: '2024-01-01T00:00:00Z',
};

describe('what a ledger records as created', () => {
  it('counts each plan, subscription and issue once', () => {
    const entries: LedgerEntry[] = [
      { kind: 'plan', id: 'P-1', ...at },
      { kind: 'plan', id: 'P-1', ...at },
      { kind: 'plan', id: 'P-2', ...at },
      { kind: 'subscription', id: 'I-1', ...at },
      { kind: 'assignees', owner: 'Octo', repo: 'Hello', issueNumber: 1, added: ['a'], ...at },
      { kind: 'assignees', owner: 'octo', repo: 'hello', issueNumber: 1, added: ['b'], ...at },
    ];
    expect(createdCounts(entries)).toMatchObject({ plans: 2, subscriptions: 1, issues: 1 });
    expect(createdText([])).toBe('0 plans and 0 subscriptions');
  });

  it('counts a repeat of one Platform-Request-Id as one create, which answers the id it answered before', () => {
    const entries: LedgerEntry[] = [
      { kind: 'plan', id: 'P-1', requestKey: 'k1', ...at },
      { kind: 'plan', id: 'P-1', requestKey: 'k1', ...at },
      { kind: 'plan', id: 'P-2', ...at },
      { kind: 'subscription', id: 'I-1', requestKey: 'k2', ...at },
      { kind: 'subscription', id: 'I-1', requestKey: 'k2', ...at },
      { kind: 'assignees', owner: 'Octo', repo: 'Hello', issueNumber: 1, added: ['a'], ...at },
      { kind: 'assignees', owner: 'octo', repo: 'hello', issueNumber: 1, added: ['b'], ...at },
    ];
    expect(createdCounts(entries)).toEqual({
      plans: 2,
      subscriptions: 1,
      issues: 1,
      planCreates: 2,
      subscriptionCreates: 1,
    });
    expect(createdText(entries)).toBe('2 plans, 1 subscription and assignees on 1 issue');
  });

  it('says both the creates taken and the distinct ids when a target answers one id to many creates', () => {
    const plans = Array.from({ length: 510 }, (_, i): LedgerEntry => ({
      kind: 'plan',
      id: 'P-1',
      ...at,
      check: `${i}`,
    }));
    const subscriptions = Array.from({ length: 632 }, (_, i): LedgerEntry => ({
      kind: 'subscription',
      id: 'I-1',
      requestKey: `k${i}`,
      ...at,
    }));
    expect(createdCounts([...plans, ...subscriptions])).toEqual({
      plans: 1,
      subscriptions: 1,
      issues: 0,
      planCreates: 510,
      subscriptionCreates: 632,
    });
    expect(createdText([...plans, ...subscriptions])).toBe(
      '1 plan (510 plan creates taken, 1 distinct id) and 1 subscription (632 subscription creates taken, ' +
        '1 distinct id): the target answered ids it had given before (it may answer one id to every create)',
    );
  });
});
