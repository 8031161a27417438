import { describe, expect, it } from 'vitest';
import { BILLING_PAGING, judgeBrokenQuery, type BrokenQueryAnswer } from './query-answer.js';

// An empty value of a parameter whose length starts at 1 (statuses=) may be refused or taken as
// absent; read as a filter that names nothing it narrows the list to nothing, which is neither.

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `I-${i}` }));

const emptyStatuses = (status: number, listedNow: number): BrokenQueryAnswer => ({
  rule: 'billing.list-subscriptions.statuses.length',
  param: 'statuses',
  query: { statuses: '', plan_ids: 'P-1' },
  status,
  what: 'list subscriptions with statuses of 0 characters',
  list: { key: 'subscriptions', items: items(listedNow), paging: BILLING_PAGING },
  listed: 21,
});

describe('an empty query value', () => {
  it('holds refused, or served as absent (a page of the list)', () => {
    expect(judgeBrokenQuery(emptyStatuses(400, 0)).outcome).toBe('refused');
    expect(judgeBrokenQuery(emptyStatuses(200, 10))).toMatchObject({
      outcome: 'served',
      how: 'an empty statuses was taken as absent',
    });
  });

  it('breaks its rule served as a filter naming nothing: an empty page of a list that holds items', () => {
    const judged = judgeBrokenQuery(emptyStatuses(200, 0));
    expect(judged.outcome).toBe('broken');
    expect(judged.finding.message).toMatch(/the empty statuses was read as a filter that names nothing/);
  });

  it('is not judged by what the list holds when the asker does not know it (the proxy)', () => {
    const { listed: _listed, ...unknown } = emptyStatuses(200, 0);
    expect(judgeBrokenQuery(unknown).outcome).toBe('served');
  });
});
