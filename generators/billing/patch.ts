// JSON Patch bodies of update plan and update subscription (billing.md, "Endpoints", "JSON Patch
// body"): valid patches on the patchable attributes with their listed operations, and refused
// ones (another path, another operation, a malformed operation object), labelled with the rule.
// Which paths are patchable, with which operations, is the catalog's table
// (contracts/rules/billing-patch.ts); this file adds the values.
import fc from 'fast-check';
import { pointerOf } from '../../contracts/json-pointer.js';
import {
  PLAN_PATCH_PATHS,
  planPatchPointer,
  subscriptionPatchOps,
  type PatchOp,
  type PlanPatchMember,
} from '../../contracts/rules/billing-patch.js';
import type { Invalid } from '../invalid.js';
import { unicodeText, withinUtf16 } from '../text.js';
import { shippingDetail } from './contact.js';
import { type BillingCycle, fixedPricing, tiers, totalCycles, cyclesCurrency } from './cycles.js';
import { dateTime } from './datetime.js';
import { money } from './money.js';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX, planName, taxPercentage } from './plan.js';
import { customId, startTime } from './subscription.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

/** One refused operation, before it is placed among valid ones. */
type RefusedOperation = Omit<RefusedPatch, 'value'> & { op: unknown };

export interface PatchOperation {
  op: PatchOp;
  path: string;
  value?: unknown;
  from?: string;
}

/** The plan attributes update plan may change (replace only), as the pointers a patch names. */
const PLAN_ATTRIBUTES = PLAN_PATCH_PATHS.map((member) => ({ member, pointer: planPatchPointer(member) }));
export const PLAN_PATCH_POINTERS: readonly string[] = PLAN_ATTRIBUTES.map((attribute) => attribute.pointer);

function memberAt(pointer: string): PlanPatchMember {
  const attribute = PLAN_ATTRIBUTES.find((a) => a.pointer === pointer);
  if (!attribute) throw new Error(`${pointer} is not a patchable plan attribute`);
  return attribute.member;
}

export interface PlanPatchOptions {
  /** Run prefix kept at the start of a replaced name. */
  tag?: string;
  /** Currency of the plan, for setup_fee. */
  currency?: string;
  /**
   * Says whether the plan holds the member (replace needs an existing target): give it the
   * plan as created or read back. Without it every patchable path is used.
   */
  exists?: (pointer: string) => boolean;
}

/** Values a replace of the patchable plan attribute `member` may carry. */
export function planPatchValue(
  member: PlanPatchMember,
  opts: Pick<PlanPatchOptions, 'tag' | 'currency'>,
): fc.Arbitrary<unknown> {
  switch (member) {
    case 'description':
      return unicodeText(1, PLAN_DESCRIPTION_MAX);
    case 'name':
      return planName(opts.tag);
    case 'payment_preferences.auto_bill_outstanding':
      return fc.boolean();
    case 'payment_preferences.payment_failure_threshold':
      return fc.integer({ min: 0, max: 999 });
    case 'payment_preferences.setup_fee':
      return money({ currency: opts.currency, min: 0, max: 500 });
    case 'payment_preferences.setup_fee_failure_action':
      // CONTINUE is the only value the spec shows
      return fc.constant('CONTINUE');
    case 'taxes.percentage':
      return taxPercentage;
  }
}

const planValue = (pointer: string, opts: PlanPatchOptions): fc.Arbitrary<unknown> =>
  planPatchValue(memberAt(pointer), opts);

function opsFor<P extends string>(
  paths: readonly P[],
  value: (p: P) => fc.Arbitrary<unknown>,
  opOf: (p: P) => fc.Arbitrary<PatchOp>,
) {
  return fc
    .shuffledSubarray([...paths], { minLength: 1 })
    .chain((ps) =>
      fc.tuple(...ps.map((p) => fc.tuple(opOf(p), value(p)).map(([op, v]) => ({ op, path: p, value: v })))),
    );
}

/** Valid plan patches: replace on one or more distinct patchable attributes. */
export function planPatch(opts: PlanPatchOptions = {}): fc.Arbitrary<PatchOperation[]> {
  const paths = PLAN_PATCH_POINTERS.filter((p) => opts.exists?.(p) ?? true);
  if (paths.length === 0) throw new Error('planPatch: no patchable attribute exists on the plan');
  return opsFor(
    paths,
    (p) => planValue(p, opts),
    () => fc.constant('replace'),
  );
}

/** Plan patches with a value at a limit: name of 1 and 127 characters, description of 1 and 127. */
export function planPatchBoundary(opts: PlanPatchOptions = {}): fc.Arbitrary<PatchOperation[]> {
  const paths = (['/name', '/description'] as const).filter((p) => opts.exists?.(p) ?? true);
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom(1, 127)).chain(([path, n]) =>
    (path === '/name' ? planName(opts.tag).filter(() => true) : unicodeText(n, n)).map((v) => {
      const value = path === '/name' ? fitName(v, n, opts.tag) : v;
      return [{ op: 'replace' as const, path, value }];
    }),
  );
}

function fitName(name: string, n: number, tag?: string): string {
  const t = [...(tag ?? '')];
  const target = Math.max(n, t.length, 1);
  const cps = [...name].slice(0, target);
  while (cps.length < target) cps.push('x');
  return withinUtf16(cps.join(''), PLAN_NAME_MAX, t.length);
}

export interface SubscriptionPatchOptions {
  /** The cycles of the subscription's plan that may still change (leave out completed ones). */
  cycles?: readonly BillingCycle[];
  currency?: string;
  /** Run prefix kept at the start of custom_id. */
  tag?: string;
  /** The subscription is card-funded: subscriber.payment_source may be replaced. */
  cardFunded?: boolean;
  /**
   * Says whether the subscription holds the member at a concrete path (replace needs an
   * existing target; add is used instead where it is listed). Without it every path is used.
   */
  exists?: (path: string) => boolean;
}

/** The selector form the spec gives for a cycle: /plan/billing_cycles/@sequence==n/... */
export function cyclePath(sequence: number, rest: string): string {
  return `/plan/billing_cycles/@sequence==${sequence}/${rest}`;
}

const testCard = fc.record({
  card: fc.record({
    name: fc.constantFrom('Ada Lovelace', 'Grace Hopper', 'Alan Turing'),
    number: fc.constantFrom('4111111111111111', '5555555555554444', '378282246310005'),
    expiry: fc
      .integer({ min: 2030, max: 2039 })
      .chain((y) => fc.integer({ min: 1, max: 12 }).map((m) => `${y}-${String(m).padStart(2, '0')}`)),
  }),
});

interface Candidate {
  path: string;
  ops: readonly PatchOp[];
  value: fc.Arbitrary<unknown>;
}

/** A patchable path with the operations the catalog's table lists for it. */
function candidate(path: string, value: fc.Arbitrary<unknown>): Candidate {
  const ops = subscriptionPatchOps(path);
  if (!ops) throw new Error(`${path} is not a patchable subscription path`);
  return { path, ops, value };
}

function subscriptionCandidates(opts: SubscriptionPatchOptions): Candidate[] {
  const currency = opts.currency ?? (opts.cycles ? cyclesCurrency(opts.cycles) : 'USD');
  const c: Candidate[] = [
    candidate('/billing_info/outstanding_balance', money({ currency, min: 0, max: 100 })),
    candidate('/custom_id', customId(opts.tag)),
    candidate('/plan/payment_preferences/auto_bill_outstanding', fc.boolean()),
    candidate('/plan/payment_preferences/payment_failure_threshold', fc.integer({ min: 0, max: 999 })),
    candidate('/plan/taxes/inclusive', fc.boolean()),
    candidate('/plan/taxes/percentage', taxPercentage),
    candidate('/shipping_amount', money({ currency, max: 100 })),
    candidate('/start_time', startTime),
    candidate('/subscriber/shipping_address', shippingDetail),
  ];
  if (opts.cardFunded) c.push(candidate('/subscriber/payment_source', testCard));
  for (const cycle of opts.cycles ?? []) {
    const p = cycle.pricing_scheme;
    if (p?.fixed_price)
      c.push(
        candidate(
          cyclePath(cycle.sequence, 'pricing_scheme/fixed_price'),
          fixedPricing(currency).map((s) => s.fixed_price),
        ),
      );
    if (p?.tiers) c.push(candidate(cyclePath(cycle.sequence, 'pricing_scheme/tiers'), tiers(currency)));
    c.push(candidate(cyclePath(cycle.sequence, 'total_cycles'), totalCycles(cycle.tenure_type)));
  }
  return c
    .map((x) => (opts.exists && !opts.exists(x.path) ? { ...x, ops: x.ops.filter((o) => o === 'add') } : x))
    .filter((x) => x.ops.length > 0);
}

/** Valid subscription patches: one or more distinct patchable paths, each with one of its listed operations. */
export function subscriptionPatch(opts: SubscriptionPatchOptions = {}): fc.Arbitrary<PatchOperation[]> {
  const candidates = subscriptionCandidates(opts);
  return fc
    .shuffledSubarray(candidates, { minLength: 1, maxLength: 4 })
    .chain((cs) =>
      fc.tuple(
        ...cs.map((x) =>
          fc.tuple(fc.constantFrom(...x.ops), x.value).map(([op, value]) => ({ op, path: x.path, value })),
        ),
      ),
    );
}

/** Subscription patches at limits: custom_id of 127 characters, total_cycles 0/1/999, start_time of 20 and 64. */
export function subscriptionPatchBoundary(opts: SubscriptionPatchOptions = {}): fc.Arbitrary<PatchOperation[]> {
  const choices: fc.Arbitrary<PatchOperation>[] = [
    customId(opts.tag).map((v) => ({ op: 'replace' as const, path: '/custom_id', value: v.padEnd(127, 'x') })),
    dateTime({ minYear: 2030, maxYear: 2039 }).map((t) => ({
      op: 'replace' as const,
      path: '/start_time',
      value: t.length > 20 ? t.slice(0, 19) + 'Z' : t,
    })),
  ];
  for (const cycle of opts.cycles ?? []) {
    const bounds = cycle.tenure_type === 'TRIAL' ? [1, 999] : [0, 1, 999];
    choices.push(
      fc
        .constantFrom(...bounds)
        .map((n) => ({ op: 'replace' as const, path: cyclePath(cycle.sequence, 'total_cycles'), value: n })),
    );
  }
  return fc.oneof(...choices).map((op) => [op]);
}

/** A refused patch, labelled with the rule it breaks; `path` points into the patch array. */
export type RefusedPatch = Invalid<unknown[]>;

function placeAmong(
  valid: fc.Arbitrary<PatchOperation[]>,
  bad: fc.Arbitrary<RefusedOperation>,
): fc.Arbitrary<RefusedPatch> {
  // the bad operation stands alone or among valid ones: the whole patch must be refused
  return fc.tuple(fc.option(valid, { nil: undefined, freq: 2 }), bad, fc.nat()).map(([ops, b, k]) => {
    const list: unknown[] = ops ? [...ops] : [];
    const i = k % (list.length + 1);
    list.splice(i, 0, b.op);
    const { op: _op, ...label } = b;
    return { ...label, value: list, path: pointerOf([i]) + label.path };
  });
}

/**
 * Malformed operation objects built from a valid one. Some malformations cannot keep to the
 * endpoint's own table (a move is never a listed operation; a path without its slash is not a
 * listed path): `alsoBreaks(op, path)` names those endpoint rules so the label stays honest.
 */
function malformed(
  valid: fc.Arbitrary<PatchOperation>,
  alsoBreaks: (op: string | undefined, path: string | undefined) => RuleId[],
): fc.Arbitrary<{ op: unknown; rule: RuleId; description: string; path: string; alsoBreaks?: RuleId[] }> {
  return valid.chain((o) =>
    fc
      .constantFrom(
        {
          op: { path: o.path, value: o.value },
          rule: 'billing.patch.op.required',
          description: 'operation without op',
          path: '/op',
        },
        {
          op: { ...o, path: o.path.slice(1) },
          rule: 'billing.patch.path.pattern',
          description: 'path without the leading / (not a JSON Pointer)',
          path: '/path',
        },
        {
          op: { op: 'replace', path: o.path },
          rule: 'billing.patch.value.required',
          description: 'replace without value',
          path: '/value',
        },
        {
          op: { op: 'add', path: o.path },
          rule: 'billing.patch.value.required',
          description: 'add without value',
          path: '/value',
        },
        {
          op: { op: 'test', path: o.path },
          rule: 'billing.patch.value.required',
          description: 'test without value',
          path: '/value',
        },
        {
          op: { op: 'move', path: o.path },
          rule: 'billing.patch.from.required',
          description: 'move without from',
          path: '/from',
        },
        {
          op: { op: 'copy', path: o.path },
          rule: 'billing.patch.from.required',
          description: 'copy without from',
          path: '/from',
        },
        {
          op: { op: 'merge', path: o.path, value: o.value },
          rule: 'billing.patch.op.enum',
          description: 'op "merge" (add, remove, replace, move, copy, test)',
          path: '/op',
        },
      )
      .map((m) => {
        const bad = m.op as { op?: string; path?: string };
        const extra = alsoBreaks(bad.op, bad.path).filter((r) => r !== m.rule);
        return extra.length ? { ...m, alsoBreaks: extra } : m;
      }),
  );
}

/** Plan attributes outside the patchable list (status is left out: an INACTIVE plan takes status updates). */
const PLAN_OTHER_PATHS: ReadonlyArray<[string, fc.Arbitrary<unknown>]> = [
  ['/product_id', fc.constant('PROD-0000000000000000Z')],
  ['/quantity_supported', fc.boolean()],
  ['/billing_cycles/0/sequence', fc.integer({ min: 1, max: 99 })],
  ['/usage_type', fc.constant('LICENSED')],
  ['/create_time', dateTime()],
];

/**
 * Refused plan patches: replace on a path that is not patchable, another operation (add, remove,
 * move, copy) on a patchable path, or a malformed operation object. `test` is not used: it
 * changes nothing, so a server's answer to it says nothing about what may be changed.
 */
export function planPatchRefused(opts: PlanPatchOptions = {}): fc.Arbitrary<RefusedPatch> {
  const paths = PLAN_PATCH_POINTERS.filter((p) => opts.exists?.(p) ?? true);
  const valid = planPatch(opts);
  const otherPath = fc.constantFrom(...PLAN_OTHER_PATHS).chain(([path, v]) =>
    v.map((value): RefusedOperation => ({
      op: { op: 'replace', path, value },
      rule: 'billing.update-plan.other-paths-refused',
      description: `replace on ${path} (not a patchable attribute)`,
      path: '/path',
    })),
  );
  const otherOp = fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom<PatchOp>('add', 'remove', 'move', 'copy'))
    .chain(([path, op]) =>
      planValue(path, opts).map((value): RefusedOperation => {
        const o: Record<string, unknown> = { op, path };
        if (op === 'add') o.value = value;
        if (op === 'move' || op === 'copy') o.from = path === '/name' ? '/description' : '/name';
        return {
          op: o,
          rule: 'billing.update-plan.replace-only',
          description: `${op} on ${path} (replace only)`,
          path: '/op',
        };
      }),
    );
  const planExtra = (op: string | undefined, path: string | undefined): RuleId[] => {
    const extra: RuleId[] = [];
    if (op !== undefined && op !== 'replace') extra.push('billing.update-plan.replace-only');
    if (path !== undefined && !PLAN_PATCH_POINTERS.includes(path))
      extra.push('billing.update-plan.other-paths-refused');
    return extra;
  };
  const bad = fc.oneof(
    otherPath,
    otherOp,
    malformed(
      valid.map((ops) => ops[0]),
      planExtra,
    ),
  );
  return placeAmong(valid, bad);
}

/** Subscription members outside the patchable list. */
const SUBSCRIPTION_OTHER_PATHS: ReadonlyArray<[string, fc.Arbitrary<unknown>]> = [
  ['/plan_id', fc.constant('P-000000000000000000000000')],
  ['/status', fc.constantFrom('ACTIVE', 'SUSPENDED', 'CANCELLED')],
  ['/quantity', fc.constant('2')],
  ['/auto_renewal', fc.boolean()],
  ['/create_time', dateTime()],
  ['/billing_info/last_payment', money().map((amount) => ({ amount, time: '2030-01-01T00:00:00Z' }))],
];

/**
 * Refused subscription patches: a path outside the list, an operation the list does not give for
 * a path (remove and move everywhere; add where only replace is listed), or a malformed object.
 */
export function subscriptionPatchRefused(opts: SubscriptionPatchOptions = {}): fc.Arbitrary<RefusedPatch> {
  const valid = subscriptionPatch(opts);
  const candidates = subscriptionCandidates({ ...opts, exists: undefined });
  const otherPath = fc.constantFrom(...SUBSCRIPTION_OTHER_PATHS).chain(([path, v]) =>
    v.map((value): RefusedOperation => ({
      op: { op: 'replace', path, value },
      rule: 'billing.update-subscription.other-paths-refused',
      description: `replace on ${path} (not patchable)`,
      path: '/path',
    })),
  );
  const unlisted = candidates.flatMap((c) =>
    (['add', 'remove', 'move', 'copy'] as const).filter((op) => !c.ops.includes(op)).map((op) => ({ c, op })),
  );
  const otherOp = fc.constantFrom(...unlisted).chain(({ c, op }) =>
    c.value.map((value): RefusedOperation => {
      const o: Record<string, unknown> = { op, path: c.path };
      if (op === 'add') o.value = value;
      if (op === 'move' || op === 'copy') o.from = c.path === '/start_time' ? '/custom_id' : '/start_time';
      return {
        op: o,
        rule: 'billing.update-subscription.ops-per-path',
        description: `${op} on ${c.path} (listed: ${c.ops.join(', ')})`,
        path: '/op',
      };
    }),
  );
  const subscriptionExtra = (op: string | undefined, path: string | undefined): RuleId[] => {
    const listed = path === undefined ? undefined : subscriptionPatchOps(path);
    const extra: RuleId[] = [];
    if (path !== undefined && !listed) extra.push('billing.update-subscription.other-paths-refused');
    if (op !== undefined && listed && !listed.includes(op as PatchOp))
      extra.push('billing.update-subscription.ops-per-path');
    return extra;
  };
  const bad = fc.oneof(
    otherPath,
    otherOp,
    malformed(
      valid.map((ops) => ops[0]),
      subscriptionExtra,
    ),
  );
  return placeAmong(valid, bad);
}
