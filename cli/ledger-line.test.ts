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
  it('counts each plan, subscription and issue once, and says it in words', () => {
    const entries: LedgerEntry[] = [
      { kind: 'plan', id: 'P-1', ...at },
      { kind: 'plan', id: 'P-1', ...at },
      { kind: 'plan', id: 'P-2', ...at },
      { kind: 'subscription', id: 'I-1', ...at },
      { kind: 'assignees', owner: 'Octo', repo: 'Hello', issueNumber: 1, added: ['a'], ...at },
      { kind: 'assignees', owner: 'octo', repo: 'hello', issueNumber: 1, added: ['b'], ...at },
    ];
    expect(createdCounts(entries)).toEqual({ plans: 2, subscriptions: 1, issues: 1 });
    expect(createdText(entries)).toBe('2 plans, 1 subscription and assignees on 1 issue');
    expect(createdText([])).toBe('0 plans and 0 subscriptions');
  });
});
