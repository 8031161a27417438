// Single-constraint breaks of a valid value, for any annotated constraint of a contract: follow a
// route to a place where the constraint applies (adding an optional member, an item, or taking a
// condition's branch when the value has none there, and keeping the rest valid), then change
// that place the least that breaks the constraint: one character past a length limit, one
// character that spoils a pattern, one past a bound, a member removed, an unlisted value, ...
// Where the spec makes one break imply another (an empty string cannot match "digits only"; a
// date of 11 characters cannot have the date form), the implied rules go in `alsoBreaks`.
import fc from 'fast-check';
import { pointerOf, valueAtSegments } from '../../contracts/json-pointer.js';
import { validate } from '../../contracts/validate.js';
import { setAt, type Invalid } from '../invalid.js';
import { codePointLength, lengthBetween, textOfLength, upperAlnumChar } from '../text.js';
import { shortLoc, type Constraint, type Step } from './constraints.js';
import { Generator, type Draw, type GenerateOptions } from './generate.js';
import {
  activeParts,
  allowedTypes,
  conforms,
  decidedBy,
  itemParts,
  jsonType,
  memberParts,
  partsOf,
  rootParts,
  rulesOf,
  test,
  typeAllows,
  type Part,
  type Schema,
} from './parts.js';
import { notMatchingOfLength } from './patterns.js';
import {
  keepsString,
  notUriOfLength,
  OPEN_LENGTH,
  stringRules,
  textOfExactLength,
  type StringRules,
} from './strings.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import { isObject } from '../../contracts/json-value.js';

export interface BreakOptions extends GenerateOptions {
  /** Rules that a break of the key rule cannot help breaking too (see inseparable.ts). */
  alsoBreaks?: Readonly<Record<string, readonly RuleId[]>>;
}

type Segment = string | number;

interface Change {
  /** The new value at the place. */
  value: unknown;
  /** Appended to the place's pointer (the member a `required` break removes, ...). */
  suffix?: string;
  description: string;
  also?: RuleId[];
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
const shown = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 40 ? `${t.slice(0, 37)}...` : t;
};

/** The rules that parts at a place give `keyword`. */
const rulesAt = (act: readonly Part[], keyword: string): RuleId[] =>
  act.map((p) => rulesOf(p.schema)[keyword]).filter((r): r is RuleId => typeof r === 'string');

interface Placed {
  root: unknown;
  segs: Segment[];
  parts: Part[];
}

/** Whether the value at a place already has what the step needs. */
function canTake(step: Step, here: unknown): boolean {
  if ('member' in step) return isObject(here) && step.member in here;
  if ('item' in step) return Array.isArray(here) && here.length > 0;
  return test(step.gate.schema.if, here) === step.want;
}

const forcings = new WeakMap<readonly Step[], Map<number, Schema>>();

/** A schema that holds where the value has the rest of the route from step `from` on. */
function forcing(route: readonly Step[], from: number): Schema {
  let memo = forcings.get(route);
  if (!memo) forcings.set(route, (memo = new Map<number, Schema>()));
  const hit = memo.get(from);
  if (hit) return hit;
  let s: Schema = decidedBy({}, () => true);
  for (let i = route.length - 1; i >= from; i--) {
    const step = route[i];
    const rest = s;
    if ('member' in step) {
      s = decidedBy(
        { type: 'object', required: [step.member], properties: { [step.member]: rest } },
        (v) => isObject(v) && step.member in v && test(rest, v[step.member]),
      );
    } else if ('item' in step) {
      s = decidedBy({ type: 'array', contains: rest }, (v) => Array.isArray(v) && v.some((x) => test(rest, x)));
    } else {
      const cond = step.want ? step.gate.schema.if : notIf(step.gate.schema);
      s = decidedBy({ allOf: [cond, rest] }, (v) => test(cond, v) && test(rest, v));
    }
  }
  memo.set(from, s);
  return s;
}

/**
 * Parts that keep off the conditions of an object whose branch constrains the member the route
 * takes next (the route's own conditions stay): `{ not: <if> }` for each.
 */
function unconstrained(hostParts: readonly Part[], route: readonly Step[], at: number): Part[] {
  const next = route[at];
  if (!next || !('member' in next)) return [];
  const taken = new Set(route.flatMap((s) => ('gate' in s ? [s.gate.schema] : [])));
  return hostParts
    .filter(
      (p) => 'if' in p.schema && !taken.has(p.schema) && isObject(p.schema.then) && isObject(p.schema.then.properties),
    )
    .filter((p) => next.member in ((p.schema.then as Schema).properties as Schema))
    .map((p) => ({ schema: notIf(p.schema), loc: `${p.loc}/if` }));
}

const notIfs = new WeakMap<Schema, Schema>();
/** `{ not: <if> }` of a conditional, one object per conditional. */
function notIf(conditional: Schema): Schema {
  let s = notIfs.get(conditional);
  if (!s) notIfs.set(conditional, (s = decidedBy({ not: conditional.if }, (v) => !test(conditional.if, v))));
  return s;
}

/** Parts that a condition brought in (a `then` or `else` branch): they hold in some values only. */
const fromBranch = (p: Part) => /\/(then|else)(\/|$)/.test(p.loc);

/**
 * The rules of the values listed at a place by parts that always hold there: a value of another
 * type or length, or one that breaks the pattern every listed value has, is not listed either.
 */
const listedRules = (act: readonly Part[], route: readonly Step[]) => {
  // the branches the route takes hold wherever the constraint applies
  const taken = route.flatMap((s) => ('gate' in s ? [`${s.gate.loc}/${s.want ? 'then' : 'else'}`] : []));
  const always = act.filter((p) => !fromBranch(p) || taken.some((t) => p.loc.startsWith(t)));
  return [...rulesAt(always, 'enum'), ...rulesAt(always, 'const')];
};

export class Breaker {
  private readonly gen: Generator;

  constructor(private readonly opts: BreakOptions = {}) {
    this.gen = new Generator(opts);
  }

  /**
   * One break of constraint `c` of contract `rootId` in `valid`; undefined when this value offers
   * no place for it (then the caller draws another value).
   */
  once(rootId: string, c: Constraint, valid: unknown, draw: Draw, fresh = false): Invalid | undefined {
    const route = draw(fc.constantFrom(...c.routes));
    const placed = this.place(rootId, route, clone(valid), draw, fresh);
    if (!placed) return undefined;
    const { root, segs, parts } = placed;
    const here = valueAtSegments(root, segs);
    const act = activeParts(parts, here);
    const target = act.find((p) => p.schema === c.schema);
    if (!target) return undefined;
    const change = this.change(c, route, target, act, here, draw);
    if (!change) return undefined;
    const value = setAt(root, segs, change.value);
    const also = [...new Set([...(change.also ?? []), ...(this.opts.alsoBreaks?.[c.rule] ?? [])])].filter(
      (r) => r !== c.rule,
    );
    const path = pointerOf(segs) + (change.suffix ?? '');
    const out: Invalid = { value, rule: c.rule, description: `${path || 'the value'}: ${change.description}`, path };
    if (also.length > 0) out.alsoBreaks = also;
    return out;
  }

  /**
   * Follows `route` through the value. Where the value has no place for the next step (an absent
   * member, an empty array, a condition not taken), the place is generated anew with the rest of
   * the route as one more part; if that leaves the whole value invalid (a condition higher up),
   * a place one level higher is generated instead, up to the root.
   */
  private place(
    rootId: string,
    route: readonly Step[],
    start: unknown,
    draw: Draw,
    fresh: boolean,
  ): Placed | undefined {
    for (let climb = 0; climb <= route.length; climb++) {
      const r = this.walk(rootId, route, clone(start), draw, climb, fresh);
      if (r !== 'higher') return r;
    }
    return undefined;
  }

  private walk(
    rootId: string,
    route: readonly Step[],
    start: unknown,
    draw: Draw,
    climb: number,
    fresh: boolean,
  ): Placed | 'higher' | undefined {
    let root = start;
    let parts = rootParts(rootId);
    let segs: Segment[] = [];
    const levels: Array<{ segs: Segment[]; parts: Part[] }> = [];
    let regenerated = -1;
    // one step past the route: when `fresh`, the object holding the place is generated anew, in a
    // context where no condition the route does not need constrains the place (no ONE_TIME, no
    // reference, for a break of payment_initiator)
    const last = route[route.length - 1];
    const holder = last && 'member' in last ? route.length - 1 : route.length;
    for (let i = 0; i <= route.length; i++) {
      levels[i] = { segs: [...segs], parts };
      const step = route[i];
      const here = valueAtSegments(root, segs);
      if (step ? !canTake(step, here) : fresh && regenerated < 0) {
        if (regenerated >= 0) return undefined;
        const j = Math.max(0, (step ? i : holder) - climb);
        const level = levels[j];
        const rest = forcing(route, j);
        const member = level.segs[level.segs.length - 1];
        const calm = !step && j === holder && holder < route.length ? unconstrained(level.parts, route, holder) : [];
        const v = this.gen.value(
          [...level.parts, ...partsOf(rest, 'route'), ...calm],
          draw,
          typeof member === 'string' ? member : undefined,
        );
        if (!test(rest, v)) return undefined;
        root = setAt(root, level.segs, v);
        regenerated = j;
        segs = [...level.segs];
        parts = level.parts;
        i = j - 1;
        continue;
      }
      if (!step) break;
      const act = activeParts(parts, here);
      if ('member' in step) {
        segs.push(step.member);
        parts = memberParts(act, step.member);
      } else if ('item' in step) {
        const items = here as unknown[];
        const rest = forcing(route, i + 1);
        const fitting = items.map((_, k) => k).filter((k) => test(rest, items[k]));
        segs.push(draw(fc.constantFrom(...(fitting.length > 0 ? fitting : items.map((_, k) => k)))));
        parts = itemParts(act);
      }
    }
    if (regenerated >= 0 && !conforms(rootParts(rootId), root)) return regenerated > 0 ? 'higher' : undefined;
    return { root, segs, parts };
  }

  /** The least change of `here` that breaks the keyword of `target`. */
  private change(
    c: Constraint,
    route: readonly Step[],
    target: Part,
    act: readonly Part[],
    here: unknown,
    draw: Draw,
  ): Change | undefined {
    const s = target.schema;
    const listed = () => listedRules(act, route);
    const declared = this.opts.alsoBreaks?.[c.rule] ?? [];
    const kw = c.keyword.startsWith('required:') ? 'required' : c.keyword;
    switch (kw) {
      case 'type':
        return { ...this.wrongType(s, act, draw), also: listed() };
      case 'required': {
        const name = c.keyword.slice('required:'.length);
        if (!isObject(here) || !(name in here)) return undefined;
        const copy = { ...here };
        delete copy[name];
        return { value: copy, suffix: pointerOf([name]), description: `${name} is missing (required)` };
      }
      case 'minLength':
      case 'maxLength': {
        const n = kw === 'minLength' ? (s.minLength as number) - 1 : (s.maxLength as number) + 1;
        return this.stringOfLength(
          act,
          n,
          draw,
          `${n} characters (${kw === 'minLength' ? 'min' : 'max'} ${String(s[kw])})`,
          listed(),
        );
      }
      case 'pattern':
        return this.spoilPattern(s.pattern as string, act, draw, listed(), declared);
      case 'format': {
        const r = stringRules(act);
        const n = draw(lengthBetween(Math.max(r.min, 1), r.max ?? r.min + OPEN_LENGTH));
        return { value: notUriOfLength(n), description: 'not a URI', also: listed() };
      }
      case 'enum':
      case 'const':
        return this.unlisted(s, act, here, draw);
      case 'minimum':
      case 'maximum': {
        const bound = s[kw] as number;
        const integer = (allowedTypes(act) ?? []).includes('integer');
        const step = integer ? draw(fc.constantFrom(1, 1, 1, 2, 10)) : 0.5;
        const v = kw === 'minimum' ? bound - step : bound + step;
        return { value: v, description: `${v} (${kw === 'minimum' ? 'min' : 'max'} ${bound})` };
      }
      case 'minItems':
      case 'maxItems':
        return this.itemCount(s, kw, act, here, draw);
      case 'contains':
      case 'maxContains':
        return this.containsCount(s, act, here, draw);
      case 'additionalProperties':
      case 'maxProperties': {
        if (!isObject(here)) return undefined;
        const props = new Set(act.flatMap((p) => Object.keys((p.schema.properties as Schema | undefined) ?? {})));
        const name =
          ['unlisted_member', 'extra', 'x_member'].find((n) => !props.has(n) && !(n in here)) ?? 'unlisted_member_2';
        return { value: { ...here, [name]: 'x' }, description: `member ${name} is not allowed (${kw})` };
      }
      case 'not':
        return this.makeForbidden(s.not as Schema, act, here, draw);
      default:
        throw new Error(`no break for keyword ${c.keyword} (${shortLoc(c.loc)})`);
    }
  }

  private wrongType(s: Schema, act: readonly Part[], draw: Draw): Change {
    const nullIsAbsent = act.some((p) => typeof p.schema.if === 'object' && (p.schema.if as Schema).type === 'null');
    const candidates: unknown[] = ['text', 42, 4.5, true, null, ['x'], { x: 1 }].filter(
      (v) => !typeAllows(s.type, jsonType(v)) && !(v === null && nullIsAbsent),
    );
    const v = draw(fc.constantFrom(...candidates));
    return { value: v, description: `${shown(v)} is ${jsonType(v)} (${String(s.type)} required)` };
  }

  /** A string of `n` characters keeping the other rules where it can; what it cannot keep goes in `also`. */
  private stringOfLength(
    act: readonly Part[],
    n: number,
    draw: Draw,
    what: string,
    listed: RuleId[],
  ): Change | undefined {
    if (n < 0) return undefined;
    const r = stringRules(act);
    const also = [...listed];
    const arb = textOfExactLength(r, n);
    if (arb) {
      for (let i = 0; i < 10; i++) {
        const v = draw(arb);
        if (v !== undefined) return { value: v, description: what, also };
      }
      return undefined;
    }
    // no text of that length keeps the pattern (or the URI form): it breaks them as well
    also.push(...rulesAt(act, 'pattern'), ...(r.uri ? rulesAt(act, 'format') : []));
    return { value: draw(textOfLength(upperAlnumChar, n)), description: what, also };
  }

  private spoilPattern(
    pattern: string,
    act: readonly Part[],
    draw: Draw,
    listed: RuleId[],
    declared: readonly string[],
  ): Change | undefined {
    const r = stringRules(act);
    // the other patterns are kept, except those the spec makes this break break too
    const kept = act.filter(
      (p) =>
        typeof p.schema.pattern === 'string' &&
        p.schema.pattern !== pattern &&
        !declared.includes(rulesOf(p.schema).pattern),
    );
    const others: StringRules = { ...r, patterns: kept.map((p) => p.schema.pattern as string), values: undefined };
    for (let i = 0; i < 10; i++) {
      const n = draw(lengthBetween(Math.max(r.min, 1), r.max ?? r.min + OPEN_LENGTH));
      const arb = notMatchingOfLength(pattern, n, (t) => keepsString(others, t));
      const v = arb ? draw(arb) : undefined;
      if (v === undefined) continue;
      return { value: v, description: `${shown(v)} does not match ${pattern}`, also: listed };
    }
    return undefined;
  }

  private unlisted(s: Schema, act: readonly Part[], here: unknown, draw: Draw): Change | undefined {
    const own = 'const' in s ? [s.const] : (s.enum as unknown[]);
    const r = stringRules(act.filter((p) => p.schema !== s));
    // values the other parts list (a const among an enum), then near misses of the listed ones
    const fromOthers = (r.values ?? []).filter((v) => !own.includes(v));
    const near = own
      .filter((v): v is string => typeof v === 'string')
      .flatMap((v) => [v.toLowerCase(), `${v}_X`, `X${v}`, v.slice(0, -1)])
      .concat(['UNKNOWN_VALUE', 'other']);
    const keeps = (v: unknown) =>
      !own.includes(v) && (typeof v !== 'string' || keepsString({ ...r, values: undefined }, v));
    let candidates = fromOthers.length > 0 ? fromOthers.filter(keeps) : near.filter(keeps);
    if (candidates.length === 0 && typeof here === 'string') {
      const n = codePointLength(here);
      const arb = textOfExactLength({ ...r, values: undefined }, n);
      const v = arb ? draw(arb) : undefined;
      if (v !== undefined && !own.includes(v)) candidates = [v];
    }
    if (candidates.length === 0) return undefined;
    const v = draw(fc.constantFrom(...candidates));
    return {
      value: v,
      description: `${shown(v)} is not ${own.length === 1 ? shown(own[0]) : `one of ${own.map(shown).join(', ')}`}`,
    };
  }

  private itemCount(
    s: Schema,
    kw: 'minItems' | 'maxItems',
    act: readonly Part[],
    at: unknown,
    draw: Draw,
  ): Change | undefined {
    if (!Array.isArray(at)) return undefined;
    const here: unknown[] = at;
    const contains = act.filter((p) => 'contains' in p.schema);
    const matches = (p: Part, v: unknown) => test(p.schema.contains, v);
    if (kw === 'minItems') {
      const n = (s.minItems as number) - 1;
      // keep the items a `contains` needs first
      const needed = here.filter((v) => contains.some((p) => (p.schema.minContains ?? 1) !== 0 && matches(p, v)));
      const rest = here.filter((v) => !needed.includes(v));
      const kept = [...needed, ...rest].slice(0, n);
      const also = contains
        .filter((p) => kept.filter((v) => matches(p, v)).length < ((p.schema.minContains as number | undefined) ?? 1))
        .map((p) => rulesOf(p.schema).contains)
        .filter((x): x is RuleId => !!x);
      return { value: kept, description: `${n} items (min ${String(s.minItems)})`, also };
    }
    const n = (s.maxItems as number) + 1;
    const ip = itemParts(act);
    const out = [...here];
    const full = (v: unknown) =>
      contains.some(
        (p) =>
          typeof p.schema.maxContains === 'number' &&
          matches(p, v) &&
          out.filter((x) => matches(p, x)).length >= p.schema.maxContains,
      );
    for (let i = 0; out.length < n; i++) {
      const v = this.gen.value(ip, draw);
      // avoid going past a maxContains when other items can be had; after a while, take any
      if (!full(v) || i > 20) out.push(v);
    }
    return { value: out, description: `${n} items (max ${String(s.maxItems)})` };
  }

  private containsCount(s: Schema, act: readonly Part[], at: unknown, draw: Draw): Change | undefined {
    if (!Array.isArray(at)) return undefined;
    const here: unknown[] = at;
    const matches = (v: unknown) => test(s.contains, v);
    const ip = itemParts(act);
    if (typeof s.maxContains === 'number') {
      const max = s.maxContains;
      const out = [...here];
      const matching = [...ip, ...partsOf(s.contains, 'contains')];
      for (let i = 0; i < 3 * (max + 1) && out.filter(matches).length <= max; i++) {
        out.splice(draw(fc.nat({ max: out.length })), 0, this.gen.value(matching, draw));
      }
      return { value: out, description: `${out.filter(matches).length} items match ${shown(s.contains)} (max ${max})` };
    }
    let out = here.filter((v) => !matches(v));
    const min = Math.max(0, ...act.map((p) => (typeof p.schema.minItems === 'number' ? p.schema.minItems : 0)));
    for (let i = 0; out.length < min && i < 50; i++) {
      const v = this.gen.value(ip, draw);
      if (!matches(v)) out = [...out, v];
    }
    return { value: out, description: `no item matches ${shown(s.contains)}` };
  }

  private makeForbidden(not: Schema, act: readonly Part[], here: unknown, draw: Draw): Change | undefined {
    if ('const' in not) return { value: not.const, description: `${shown(not.const)} is not allowed` };
    const names = (not.required as string[] | undefined) ?? [];
    if (!isObject(here) || names.length === 0) return undefined;
    const out = { ...here };
    const added: string[] = [];
    for (const name of names) {
      if (name in out) continue;
      const mp = memberParts(act, name);
      out[name] = mp.length > 0 ? this.gen.value(mp, draw, name) : { id: draw(textOfLength(upperAlnumChar, 12)) };
      added.push(name);
    }
    if (added.length === 0) return undefined;
    return {
      value: out,
      suffix: added.length === 1 ? pointerOf([added[0]]) : undefined,
      description: `${names.join(' and ')} present together (not allowed)`,
    };
  }
}

/** Whether the contract reports no rule outside the break's own (its rule and alsoBreaks). */
export function breaksOnlyItsRule(schemaId: string, b: Invalid): boolean {
  const allowed = new Set([b.rule, ...(b.alsoBreaks ?? [])]);
  return validate(schemaId, b.value).every((v) => allowed.has(v.ruleId));
}
