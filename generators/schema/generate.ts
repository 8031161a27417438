// Valid values of a contract, generated from its JSON Schema: every enum value, lengths from the
// minimum to the maximum (both ends often), optional members present and absent, Unicode where
// the contract allows any text, human-looking text where the member is a name, an e-mail or an
// address. Conditional rules (if/then) are kept by repairing the members a taken branch
// constrains; `contains` by placing a matching item; `maxContains` by dropping extra matches.
import fc from 'fast-check';
import { lengthBetween } from '../text.js';
import { HUMAN_TEXT } from './human.js';
import {
  activeParts,
  allowedTypes,
  childLoc,
  conforms,
  itemParts,
  memberParts,
  partsOf,
  test,
  type Part,
  type Schema,
} from './parts.js';
import { keepsString, OPEN_LENGTH, stringRules, textOfExactLength, type StringRules } from './strings.js';

import type { Draw } from './imperative.js';

export type { Draw };

/**
 * Replaces generation at one place (keyed by a part's location, "<$id>#" for a whole contract).
 * `generic()` is what the schema alone would give; return it, change it, or return your own.
 */
export type Override = (draw: Draw, generic: () => unknown) => unknown;

export interface GenerateOptions {
  overrides?: Readonly<Record<string, Override>>;
  /** Human text by member name (default HUMAN_TEXT). */
  text?: Readonly<Record<string, fc.Arbitrary<string>>>;
}

const TRIES = 30;
/** Arrays without a maximum get at most this many items beyond their minimum. */
const OPEN_ITEMS = 3;

const isNullIf = (s: Schema) =>
  typeof s.if === 'object' && s.if !== null && (s.if as Schema).type === 'null' && 'else' in s;

export class Generator {
  constructor(private readonly opts: GenerateOptions = {}) {}

  /** A value that passes every part (after TRIES attempts, the last one, which a test then reports). */
  value(parts: readonly Part[], draw: Draw, member?: string): unknown {
    let last: unknown;
    for (let i = 0; i < TRIES; i++) {
      last = this.once(parts, draw, member);
      if (conforms(parts, last)) return last;
    }
    return last;
  }

  private once(parts: readonly Part[], draw: Draw, member?: string): unknown {
    for (const p of parts) {
      const o = this.opts.overrides?.[p.loc];
      if (o) return o(draw, () => this.generic(parts, draw, member));
    }
    return this.generic(parts, draw, member);
  }

  private generic(parts: readonly Part[], draw: Draw, member?: string): unknown {
    // "null, or else X" (the assignee contracts' nullable members)
    const nullable = parts.find((p) => isNullIf(p.schema));
    if (nullable) {
      if (draw(fc.integer({ min: 0, max: 3 })) === 0) return null;
      const rest = parts.filter((p) => p !== nullable);
      return this.value([...rest, ...partsOf(nullable.schema.else, childLoc(nullable.loc, 'else'))], draw, member);
    }
    const listed = stringRules(parts).values;
    if (listed) {
      const ok = listed.filter((v) =>
        conforms(
          parts.filter((p) => !('if' in p.schema)),
          v,
        ),
      );
      // no value keeps every part (ONE_TIME with a reference): any listed one, and the caller tries again
      const any = parts.flatMap((p) =>
        'const' in p.schema ? [p.schema.const] : ((p.schema.enum as unknown[] | undefined) ?? []),
      );
      return draw(fc.constantFrom(...(ok.length > 0 ? ok : any)));
    }
    const types = allowedTypes(parts) ?? ['string', 'integer', 'boolean', 'null', 'object', 'array'];
    const type = draw(fc.constantFrom(...types));
    switch (type) {
      case 'string':
        return this.string(parts, draw, member);
      case 'integer':
      case 'number':
        return this.number(parts, draw, type === 'integer');
      case 'boolean':
        return draw(fc.boolean());
      case 'null':
        return null;
      case 'array':
        return this.array(parts, draw);
      default:
        return this.object(parts, draw);
    }
  }

  private string(parts: readonly Part[], draw: Draw, member?: string): string {
    const r = stringRules(parts);
    const human = member ? (this.opts.text ?? HUMAN_TEXT)[member] : undefined;
    if (human && draw(fc.integer({ min: 0, max: 3 })) > 0) {
      const s = draw(human);
      if (keepsString(r, s)) return s;
    }
    const max = r.max ?? r.min + OPEN_LENGTH;
    for (let i = 0; i < 5; i++) {
      const s = this.textOf(r, draw(lengthBetween(r.min, max)), draw);
      if (s !== undefined) return s;
    }
    // a pattern that only some lengths can have (dates, lists of names, listed paths): draw one of those
    const feasible: number[] = [];
    for (let n = r.min; n <= (r.max ?? r.min + 200) && feasible.length < 400; n++)
      if (textOfExactLength(r, n)) feasible.push(n);
    for (let i = 0; i < TRIES && feasible.length > 0; i++) {
      const s = this.textOf(r, draw(fc.constantFrom(...feasible)), draw);
      if (s !== undefined) return s;
    }
    throw new Error(`no text of ${r.min}..${max} characters for ${parts.map((p) => p.loc).join(', ')}`);
  }

  private textOf(r: StringRules, n: number, draw: Draw): string | undefined {
    const arb = textOfExactLength(r, n);
    return arb ? draw(arb) : undefined;
  }

  private number(parts: readonly Part[], draw: Draw, integer: boolean): number {
    let lo: number | undefined;
    let hi: number | undefined;
    for (const { schema: s } of parts) {
      if (typeof s.minimum === 'number') lo = lo === undefined ? s.minimum : Math.max(lo, s.minimum);
      if (typeof s.maximum === 'number') hi = hi === undefined ? s.maximum : Math.min(hi, s.maximum);
    }
    const n = draw(
      fc.integer({
        min: lo ?? (hi !== undefined ? hi - 100_000 : -1000),
        max: hi ?? (lo !== undefined ? lo + 100_000 : 1_000_000),
      }),
    );
    return integer || draw(fc.boolean()) ? n : n + (hi !== undefined && n >= hi ? -0.5 : 0.5);
  }

  private array(parts: readonly Part[], draw: Draw): unknown[] {
    let min = 0;
    let max = Infinity;
    for (const { schema: s } of parts) {
      if (typeof s.minItems === 'number') min = Math.max(min, s.minItems);
      if (typeof s.maxItems === 'number') max = Math.min(max, s.maxItems);
    }
    const items = itemParts(parts);
    const contains = parts.filter((p) => 'contains' in p.schema);
    const top = Math.min(max, min + OPEN_ITEMS);
    const n = draw(
      Number.isFinite(max) && max > top
        ? fc.oneof({ arbitrary: fc.integer({ min, max: top }), weight: 6 }, { arbitrary: fc.constant(max), weight: 1 })
        : fc.integer({ min, max: top }),
    );
    const out: unknown[] = [];
    const matches = (c: Part, v: unknown) => test(c.schema.contains, v);
    const full = (v: unknown) =>
      contains.some(
        (c) =>
          typeof c.schema.maxContains === 'number' &&
          matches(c, v) &&
          out.filter((x) => matches(c, x)).length >= c.schema.maxContains,
      );
    for (let i = 0; i < n * 3 && out.length < n; i++) {
      const v = this.value(items, draw);
      if (!full(v)) out.push(v);
    }
    for (const c of contains) {
      const need = typeof c.schema.minContains === 'number' ? c.schema.minContains : 1;
      for (let i = 0; i < TRIES && out.filter((x) => matches(c, x)).length < need; i++) {
        const v = this.value([...items, ...partsOf(c.schema.contains, childLoc(c.loc, 'contains'))], draw);
        const at = draw(fc.integer({ min: 0, max: out.length }));
        if (out.length >= max) out.splice(Math.min(at, out.length - 1), 1, v);
        else out.splice(at, 0, v);
      }
    }
    return out;
  }

  private object(parts: readonly Part[], draw: Draw): Record<string, unknown> {
    const names = new Set<string>();
    const required = new Set<string>();
    for (const { schema: s } of parts) {
      for (const name of Object.keys((s.properties as Schema | undefined) ?? {})) names.add(name);
      for (const name of (s.required as string[] | undefined) ?? []) required.add(name);
    }
    const out: Record<string, unknown> = {};
    if (parts.some((p) => p.schema.maxProperties === 0) && required.size === 0) return out;
    for (const name of names) {
      const mp = memberParts(parts, name);
      if (mp.length === 0 && !required.has(name)) continue; // `name: true`, optional: absent or any value
      if (required.has(name) || draw(fc.boolean())) out[name] = this.value(mp, draw, name);
    }
    this.keepConditions(parts, out, draw);
    return out;
  }

  /** Repairs the members that the branches the object takes constrain (ONE_TIME requires CUSTOMER, ...). */
  private keepConditions(parts: readonly Part[], out: Record<string, unknown>, draw: Draw): void {
    for (let round = 0; round < 3; round++) {
      const act = activeParts(parts, out);
      let changed = false;
      for (const { schema: s } of act) {
        for (const name of (s.required as string[] | undefined) ?? []) {
          if (!(name in out)) {
            out[name] = this.value(memberParts(act, name), draw, name);
            changed = true;
          }
        }
        for (const [name, sub] of Object.entries((s.properties as Schema | undefined) ?? {})) {
          if (name in out && !test(sub, out[name])) {
            out[name] = this.value(memberParts(act, name), draw, name);
            changed = true;
          }
        }
        const not = s.not as Schema | undefined;
        const forbidden = (not?.required as string[] | undefined) ?? [];
        if (forbidden.length > 0 && forbidden.every((m) => m in out)) {
          delete out[forbidden[forbidden.length - 1]];
          changed = true;
        }
      }
      if (!changed) return;
    }
  }
}
