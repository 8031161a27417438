// Lengths are characters (code points), as the spec counts them, and the bounds are reached.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from './index.js';

const cp = g.codePointLength;
const RUNS = { seed: 20261122, numRuns: 200 };
const PRODUCT = 'PROD-4CWK2S8EBB4FG3ZT1';
const PLAN = 'P-0ABCDEFGHIJKLMNOPQRSTUVW';

describe('text a server may count and store either way', () => {
  it('unicode characters are assigned and unchanged by NFC', () => {
    for (const c of fc.sample(g.unicodeChar, { seed: 4, numRuns: 2000 })) {
      expect(c.normalize('NFC')).toBe(c);
      expect(/\p{Cn}/u.test(c)).toBe(false);
    }
    expect(g.isStableChar('\u037e')).toBe(false);
    expect(g.isStableChar('\u0378')).toBe(false);
    // asked again (now from the memo), and for text of several characters (never memoized)
    expect(g.isStableChar('\u037e')).toBe(false);
    expect(g.isStableChar('e\u0301')).toBe(false);
    expect(g.isStableChar('\u00e9')).toBe(true);
  });

  it('unicode characters come from every script and plane, and shrink to a space', () => {
    const ranges = [
      [0x20, 0x7e],
      [0xa1, 0x24f],
      [0x370, 0x3ff],
      [0x400, 0x4ff],
      [0x5d0, 0x5ea],
      [0x627, 0x64a],
      [0x905, 0x939],
      [0x3041, 0x3096],
      [0x4e00, 0x9fa5],
      [0xac00, 0xd7a3],
      [0x1f300, 0x1f5ff],
      [0x1f600, 0x1f64f],
      [0x20000, 0x2a6d6],
      [0x1d400, 0x1d7ff],
    ];
    const hit = new Set<number>();
    for (const c of fc.sample(g.unicodeChar, { seed: 9, numRuns: 5000 })) {
      const at = ranges.findIndex(([min, max]) => c.codePointAt(0)! >= min && c.codePointAt(0)! <= max);
      expect(at, `U+${c.codePointAt(0)!.toString(16)} is in none of the ranges`).toBeGreaterThanOrEqual(0);
      hit.add(at);
    }
    expect(hit.size).toBe(ranges.length);
    const shrunk = fc.check(
      fc.property(g.unicodeChar, (c) => c.codePointAt(0)! < 0x1f300),
      { seed: 9, numRuns: 200 },
    );
    expect(shrunk.failed).toBe(true);
    // the only failing characters are astral, and the simplest one (a space) passes: no shrink applies
    expect(shrunk.counterexample![0].codePointAt(0)).toBeGreaterThanOrEqual(0x1f300);
    expect(
      fc.check(
        fc.property(g.unicodeChar, () => false),
        { seed: 9 },
      ).counterexample,
    ).toEqual([' ']);
    expect(
      fc.check(
        fc.property(g.textOfLength(g.printableAsciiChar, 3), () => false),
        { seed: 9 },
      ).counterexample,
    ).toEqual(['   ']);
  });

  it('valid text fits its limit in UTF-16 units too; text past a limit is past it in both', () => {
    const within = (arb: fc.Arbitrary<string>, max: number) =>
      fc.sample(arb, { seed: 6, numRuns: 300 }).every((s) => cp(s) <= max && s.length <= max);
    expect(within(g.unicodeText(1, 127), 127)).toBe(true);
    expect(within(g.planNameOfLength(undefined, 127), 127)).toBe(true);
    expect(within(g.reasonOfLength(128), 128)).toBe(true);
    expect(fc.sample(g.unicodeText(1, 127), { seed: 6, numRuns: 300 }).some((s) => s.length > cp(s))).toBe(true);
    expect(
      fc.sample(g.reasonOfLength(129), { seed: 6, numRuns: 50 }).every((s) => cp(s) === 129 && s.length >= 129),
    ).toBe(true);
    expect(g.withinUtf16('a😀😀', 4)).toBe('a😀x');
  });
});

describe('code-point lengths at the bounds', () => {
  it('codePointLength counts an astral character once', () => {
    expect(cp('a😀b')).toBe(3);
    expect('a😀b'.length).toBe(4);
  });

  it('textOfLength(unicodeChar, n) has exactly n code points, astral ones included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }).chain((n) => fc.tuple(fc.constant(n), g.textOfLength(g.unicodeChar, n))),
        ([n, s]) => {
          expect(cp(s)).toBe(n);
        },
      ),
      RUNS,
    );
    const long = fc.sample(g.textOfLength(g.unicodeChar, 256), { seed: 1, numRuns: 20 });
    expect(long.some((s) => s.length > cp(s))).toBe(true);
  });

  it('plan names keep the tag, stay within 1..127, and reach 127 and the shortest length', () => {
    const tag = 'cc-1f3 ';
    const names = fc.sample(g.planName(tag), { seed: 3, numRuns: 300 });
    for (const n of names) {
      expect(n.startsWith(tag.trimEnd())).toBe(true);
      expect(cp(n)).toBeGreaterThanOrEqual(cp(tag.trimEnd()));
      expect(cp(n)).toBeLessThanOrEqual(127);
    }
    expect(names.some((n) => cp(n) === 127)).toBe(true);
    expect(names.some((n) => cp(n) === g.shortestTagged(tag))).toBe(true);
    for (const n of names) expect(n.endsWith(' ')).toBe(false);
    expect(fc.sample(g.planName(), { seed: 3, numRuns: 300 }).some((n) => cp(n) === 1)).toBe(true);
    fc.assert(
      fc.property(g.planNameOfLength('😀tag', 127), (n) => cp(n) === 127 && n.startsWith('😀tag')),
      RUNS,
    );
  });

  it('the boundary plan families put name and description exactly at 1 and 127', () => {
    const plans = fc.sample(g.createPlanBodyBoundary({ productId: PRODUCT }), { seed: 5, numRuns: 300 });
    const names = new Set(plans.map((p) => cp(p.name)));
    expect(names.has(1) && names.has(127)).toBe(true);
    const descriptions = new Set(plans.map((p) => (p.description === undefined ? -1 : cp(p.description))));
    expect(descriptions.has(1) && descriptions.has(127)).toBe(true);
  });

  it('invalid names and descriptions are one character past the limit', () => {
    const broken = fc.sample(g.createPlanBodyInvalid({ productId: PRODUCT, tag: 'T ' }), { seed: 8, numRuns: 600 });
    const long = broken.filter(
      (b) => b.rule === 'billing.plan.name.length' && b.path === '/name' && b.value.name !== '',
    );
    expect(long.length).toBeGreaterThan(0);
    for (const b of long) expect(cp(b.value.name as string)).toBe(128);
    const desc = broken.filter((b) => b.rule === 'billing.plan.description.length' && b.value.description !== '');
    for (const b of desc) expect(cp(b.value.description as string)).toBe(128);
  });

  it('custom_id is printable ASCII of 1..127 starting with the tag, and 127 and 128 at the edges', () => {
    fc.assert(
      fc.property(g.customId('run-9 '), (c) => /^[\x20-\x7e]+$/.test(c) && c.startsWith('run-9') && c.length <= 127),
      RUNS,
    );
    fc.assert(
      fc.property(g.customIdOfLength('run-9 ', 127), (c) => c.length === 127),
      RUNS,
    );
  });

  it('reasons and notes: 1..128, exactly 1 and 128 in the boundary family, 129 in the invalid one', () => {
    fc.assert(
      fc.property(g.reasonBody, (b) => cp(b.reason) >= 1 && cp(b.reason) <= 128),
      RUNS,
    );
    const edges = new Set(fc.sample(g.reasonBodyBoundary, { seed: 2, numRuns: 100 }).map((b) => cp(b.reason)));
    expect([...edges].sort((a, b) => a - b)).toEqual([1, 128]);
    const broken = fc.sample(g.reasonBodyInvalid('suspend'), { seed: 2, numRuns: 200 });
    const lengths = new Set(
      broken.filter((b) => typeof b.value.reason === 'string').map((b) => cp(b.value.reason as string)),
    );
    expect([...lengths].sort((a, b) => a - b)).toEqual([0, 129]);
  });

  it('date_time: 20..64 characters, both ends reached; the long break has 65', () => {
    fc.assert(
      fc.property(g.dateTime(), (t) => t.length >= 20 && t.length <= 64),
      RUNS,
    );
    const zone = (t: string) => (t.endsWith('Z') ? 'Z' : 'offset');
    const edges = new Set(fc.sample(g.dateTimeBoundary(), { seed: 4, numRuns: 100 }).map((t) => t.length));
    expect([...edges].sort((a, b) => a - b)).toEqual([20, 64]);
    for (const n of [25, 64]) {
      const offsets = fc.sample(g.dateTimeOfLength(n, 'offset'), { seed: 4, numRuns: 30 });
      expect(offsets.every((t) => t.length === n && zone(t) === 'offset')).toBe(true);
    }
    const broken = fc.sample(g.breakDateTime(undefined), { seed: 4, numRuns: 100 });
    const long = broken.filter((b) => b.rule === 'billing.date_time.length').map((b) => b.value as string);
    expect(long.every((t) => t.length === 65)).toBe(true);
    // past the bound in each zone form the pattern allows
    expect(new Set(long.map(zone))).toEqual(new Set(['Z', 'offset']));
    expect(
      broken.filter((b) => b.rule === 'billing.date_time.pattern').every((b) => (b.value as string).length >= 20),
    ).toBe(true);
  });

  it('e-mail, URL and quantity lengths land exactly where asked', () => {
    for (const n of [3, 5, 7, 64, 200, 254, 255])
      fc.assert(
        fc.property(g.emailOfLength(n), (e) => e.length === n && e.includes('@')),
        { ...RUNS, numRuns: 30 },
      );
    for (const n of [9, 10, 31, 32, 4000, 4001])
      fc.assert(
        fc.property(g.httpsUrlOfLength(n), (u) => u.length === n && u.startsWith('https://')),
        { ...RUNS, numRuns: 20 },
      );
    for (const n of [1, 2, 3, 4, 32, 33])
      fc.assert(
        fc.property(g.quantityOfLength(n), (q) => q.length === n && /^[0-9]+(\.[0-9]+)?$/.test(q)),
        { ...RUNS, numRuns: 30 },
      );
  });

  it('plan_ids at the boundary hold 70 ids within 1890 characters', () => {
    fc.assert(
      fc.property(g.listSubscriptionsQueryBoundary({ planIds: [PLAN] }), (q) => {
        const ids = (q.plan_ids ?? '').split(',');
        return ids.length === 70 && ids[0] === PLAN && (q.plan_ids ?? '').length <= 1890;
      }),
      { ...RUNS, numRuns: 50 },
    );
  });
});

describe('valid plans keep the billing-cycle rules', () => {
  it('zero to two TRIAL cycles, exactly one REGULAR, distinct sequences 1..99, TRIAL finite, one currency', () => {
    fc.assert(
      fc.property(g.createPlanBody({ productId: PRODUCT }), (p) => {
        const trials = p.billing_cycles.filter((c) => c.tenure_type === 'TRIAL');
        const regular = p.billing_cycles.filter((c) => c.tenure_type === 'REGULAR');
        expect(trials.length).toBeLessThanOrEqual(2);
        expect(regular.length).toBe(1);
        const seqs = p.billing_cycles.map((c) => c.sequence);
        expect(new Set(seqs).size).toBe(seqs.length);
        for (const s of seqs) expect(s >= 1 && s <= 99).toBe(true);
        for (const t of trials) if (t.total_cycles !== undefined) expect(t.total_cycles).toBeGreaterThanOrEqual(1);
        const currencies = new Set(JSON.stringify(p).match(/"currency_code":"([A-Z]{3})"/g) ?? []);
        expect(currencies.size).toBeLessThanOrEqual(1);
        for (const c of p.billing_cycles) {
          const t = c.pricing_scheme?.tiers;
          if (t) {
            expect(t[t.length - 1].ending_quantity).toBeUndefined();
            for (const x of t.slice(0, -1)) expect(x.ending_quantity).toBeDefined();
            expect(p.quantity_supported).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('the whole space is visited: 0, 1 and 2 trials, free trials, fixed and tiered pricing, every status', () => {
    const plans = fc.sample(g.createPlanBody({ productId: PRODUCT }), { seed: 11, numRuns: 400 });
    const trialCounts = new Set(plans.map((p) => p.billing_cycles.filter((c) => c.tenure_type === 'TRIAL').length));
    expect([...trialCounts].sort()).toEqual([0, 1, 2]);
    const cycles = plans.flatMap((p) => p.billing_cycles);
    expect(cycles.some((c) => c.tenure_type === 'TRIAL' && !c.pricing_scheme)).toBe(true);
    expect(cycles.some((c) => c.pricing_scheme?.fixed_price)).toBe(true);
    expect(cycles.some((c) => c.pricing_scheme?.tiers)).toBe(true);
    expect(cycles.some((c) => c.tenure_type === 'REGULAR' && c.total_cycles === 0)).toBe(true);
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set([undefined, 'CREATED', 'ACTIVE']));
    expect(new Set(cycles.map((c) => c.frequency.interval_unit))).toEqual(new Set(['DAY', 'MONTH']));
  });
});
