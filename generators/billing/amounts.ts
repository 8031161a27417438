// amount_with_breakdown (billing.md "Transaction"): net_amount is gross_amount minus the platform
// fee, an arithmetic rule across members that no schema states
// (billing.amount_with_breakdown.net_amount.gross-minus-fee), so it is written here by hand.
import fc from 'fast-check';
import { CURRENCY_CODES, type Money } from './money.js';

const money = (currency: string, cents: number): Money => ({
  currency_code: currency,
  value: (cents / 100).toFixed(2),
});

/** Breakdowns in one currency: gross always, the other amounts present or absent, net = gross - fee. */
export const amountWithBreakdown: fc.Arbitrary<Record<string, Money>> = fc
  .record({
    currency: fc.constantFrom(...CURRENCY_CODES),
    gross: fc.integer({ min: 0, max: 10_000_000 }),
    feeShare: fc.option(fc.integer({ min: 0, max: 100 })),
    withNet: fc.boolean(),
    items: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
    shipping: fc.option(fc.integer({ min: 0, max: 100_000 })),
    tax: fc.option(fc.integer({ min: 0, max: 100_000 })),
  })
  .map(({ currency, gross, feeShare, withNet, items, shipping, tax }) => {
    const out: Record<string, Money> = { gross_amount: money(currency, gross) };
    const fee = feeShare === null ? 0 : Math.floor((gross * feeShare) / 1000);
    if (feeShare !== null) out.fee_amount = money(currency, fee);
    if (withNet) out.net_amount = money(currency, gross - fee);
    if (items !== null) out.total_item_amount = money(currency, items);
    if (shipping !== null) out.shipping_amount = money(currency, shipping);
    if (tax !== null) out.tax_amount = money(currency, tax);
    return out;
  });
