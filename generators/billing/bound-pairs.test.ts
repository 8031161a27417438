// The query values at a bound and one past it: each shape is exactly at its bound and one past
// it, within every other stated limit of its parameter, and the list subscriptions contract reads
// the value past the bound as breaking that rule alone.
import { describe, expect, it } from 'vitest';
import { SCHEMA_IDS, validate } from '../../contracts/validate.js';
import * as g from '../index.js';

const rulesBroken = (query: Record<string, string>) =>
  validate(SCHEMA_IDS.listSubscriptionsQuery, query).map((violation) => violation.ruleId);
const idsIn = (value: string) => value.split(',').length;

describe('plan_ids and filter at and just past their bounds', () => {
  it('plan_ids of 1890 and 1891 characters name at most 70 ids', () => {
    expect(g.PLAN_IDS_LENGTH_PAIRS.length).toBeGreaterThan(1);
    for (const { atBound, pastBound } of g.PLAN_IDS_LENGTH_PAIRS) {
      expect([atBound.length, pastBound.length]).toEqual([1890, 1891]);
      expect([idsIn(atBound), idsIn(pastBound)]).toEqual([70, 70]);
      expect(rulesBroken({ plan_ids: atBound })).toEqual([]);
      expect(rulesBroken({ plan_ids: pastBound })).toEqual(['billing.list-subscriptions.plan_ids.length']);
    }
    // one shape keeps every id a well-formed plan id, a comma and a space between two of them
    const [spaced] = g.PLAN_IDS_LENGTH_PAIRS;
    expect(spaced.pastBound.split(',').every((id) => /^P-[A-Z0-9]{24}$/.test(id.trim()))).toBe(true);
  });

  it('plan_ids naming 70 and 71 ids stay within 1890 characters', () => {
    for (const { atBound, pastBound } of g.PLAN_IDS_COUNT_PAIRS) {
      expect([idsIn(atBound), idsIn(pastBound)]).toEqual([70, 71]);
      expect(pastBound.length).toBeLessThanOrEqual(1890);
      expect(pastBound.startsWith(atBound)).toBe(true);
      expect(rulesBroken({ plan_ids: atBound })).toEqual([]);
      expect(rulesBroken({ plan_ids: pastBound })).toEqual(['billing.list-subscriptions.plan_ids.max-70']);
    }
    expect(idsIn(g.PLAN_IDS_PAST_BOTH)).toBe(71);
    expect(g.PLAN_IDS_PAST_BOTH.length).toBeGreaterThan(1890);
  });

  it('filters of 100 and 101 characters, an expression and plain text', () => {
    for (const { atBound, pastBound } of g.FILTER_LENGTH_PAIRS) {
      expect([atBound.length, pastBound.length]).toEqual([100, 101]);
      expect(rulesBroken({ filter: atBound })).toEqual([]);
      expect(rulesBroken({ filter: pastBound })).toEqual(['billing.list-subscriptions.filter.length']);
    }
    expect(g.FILTER_LENGTH_PAIRS[0].pastBound).toMatch(/^create_time ge \S+ and create_time lt \S+$/);
  });
});
