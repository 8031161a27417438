import { describe, expect, it } from 'vitest';
import { differences, missingMembers, PLAN_READ_BACK, SUBSCRIPTION_READ_BACK } from './read-back.js';

// What a read-back accepts as "as sent", and what it reports.

describe('differences between what a create sent and what show answers', () => {
  it('takes decimal text in another notation of the same amount, and no other amount', () => {
    expect(
      differences(
        { setup_fee: { currency_code: 'USD', value: '2.5' } },
        { setup_fee: { currency_code: 'USD', value: '2.50' } },
      ),
    ).toEqual([]);
    expect(differences({ taxes: { percentage: '8' } }, { taxes: { percentage: '8.00' } })).toEqual([]);
    expect(differences({ setup_fee: { value: '2.75' } }, { setup_fee: { value: '3' } }).map((d) => d.path)).toEqual([
      'setup_fee.value',
    ]);
  });

  it('takes an instant in another form and at the precision shown, not another instant', () => {
    expect(differences({ start_time: '2031-04-01T09:30:00Z' }, { start_time: '2031-04-01T11:30:00+02:00' })).toEqual(
      [],
    );
    expect(differences({ start_time: '2031-04-01T09:30:00.120Z' }, { start_time: '2031-04-01T09:30:00Z' })).toEqual([]);
    expect(
      differences({ start_time: '2031-04-01T09:30:00.120Z' }, { start_time: '2031-04-01T09:30:00.100Z' }),
    ).toHaveLength(1);
    expect(differences({ start_time: '2031-04-01T09:30:00Z' }, { start_time: '2031-04-01T09:31:00Z' })).toHaveLength(1);
  });

  it('takes canonically equivalent text, and members the server adds', () => {
    expect(differences({ name: 'Zoe\u0308' }, { name: 'Zoë', id: 'P-1' })).toEqual([]);
    expect(differences({ name: 'Zoë' }, { name: 'Zoe' })).toHaveLength(1);
  });

  it('matches billing cycles by sequence and tiers by position', () => {
    const sent = {
      billing_cycles: [
        { sequence: 1, total_cycles: 2 },
        { sequence: 3, total_cycles: 12 },
      ],
    };
    expect(
      differences(sent, {
        billing_cycles: [
          { sequence: 3, total_cycles: 12, version: 1 },
          { sequence: 1, total_cycles: 2 },
        ],
      }),
    ).toEqual([]);
    expect(differences(sent, { billing_cycles: [{ sequence: 1, total_cycles: 2 }] }).map((d) => d.path)).toEqual([
      'billing_cycles[sequence=3]',
    ]);
    expect(
      differences(
        { tiers: [{ starting_quantity: '1' }] },
        { tiers: [{ starting_quantity: '1' }, { starting_quantity: '5' }] },
      ),
    ).toHaveLength(1);
  });

  it('lets a plan leave merchant_preferences out, whole or in part, but not change what it shows', () => {
    const sent = { merchant_preferences: { return_url: 'https://a.test/r', cancel_url: 'https://a.test/c' } };
    expect(differences(sent, {}, PLAN_READ_BACK)).toEqual([]);
    expect(differences(sent, { merchant_preferences: { cancel_url: 'https://a.test/c' } }, PLAN_READ_BACK)).toEqual([]);
    expect(
      differences(sent, { merchant_preferences: { cancel_url: 'https://a.test/x' } }, PLAN_READ_BACK),
    ).toHaveLength(1);
  });

  it('never compares what a subscription does not answer as sent', () => {
    const sent = {
      application_context: { brand_name: 'Café' },
      subscriber: { payment_source: { card: { number: '4111111111111111' } } },
      auto_renewal: true,
    };
    expect(differences(sent, { subscriber: {}, auto_renewal: false }, SUBSCRIPTION_READ_BACK)).toEqual([]);
  });

  it('names the members a resource lacks, null counted as lacking', () => {
    expect(missingMembers({ id: 'P-1', name: null }, ['id', 'name', 'links'])).toEqual(['name', 'links']);
  });
});
