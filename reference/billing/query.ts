// Query parameters of the billing lists: integers, booleans, bounded strings. Under the variant
// query-lenient what can be clamped or read as absent is not refused: integers are clamped into
// their range (a non-integer is taken as absent), empty values are absent, a total_required other
// than true is false. A string past its length or pattern has no range to be clamped into: it is
// refused as usual.

import type { StringRule } from '../http/value-rules.js';
import type { Validator } from '../http/validator.js';

export interface IntegerRule {
  min: number;
  max: number;
  fallback: number;
}

const INTEGER = /^\d{1,15}$/;

export function queryInteger(v: Validator, query: URLSearchParams, name: string, rule: IntegerRule): number {
  const raw = query.get(name);
  if (raw === null) return rule.fallback;
  if (v.behaviour.variant('query-lenient'))
    return INTEGER.test(raw) ? Math.min(rule.max, Math.max(rule.min, Number(raw))) : rule.fallback;
  if (!INTEGER.test(raw)) {
    v.fail(name, 'INVALID_PARAMETER_TYPE', `${name} must be an integer.`);
    return rule.fallback;
  }
  const value = Number(raw);
  if (value < rule.min || value > rule.max) {
    v.fail(name, 'INVALID_PARAMETER_VALUE', `${name} must be between ${rule.min} and ${rule.max}.`);
    return rule.fallback;
  }
  return value;
}

/** A query value that is a number but not an integer ("1.5"), as the page faults read it. */
export function queryFraction(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  return raw !== null && /^\d+\.\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Whether a query parameter is present but not an integer ("ten", "2.5"), as the page size faults read it. */
export function notAnInteger(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  return raw !== null && !INTEGER.test(raw);
}

export function queryBoolean(v: Validator, query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null) return false;
  if (v.behaviour.variant('query-lenient')) return raw === 'true';
  if (raw !== 'true' && raw !== 'false') {
    v.fail(name, 'INVALID_PARAMETER_TYPE', `${name} must be true or false.`);
    return false;
  }
  return raw === 'true';
}

export function queryString(v: Validator, query: URLSearchParams, name: string, rule: StringRule): string | undefined {
  const raw = query.get(name);
  if (raw === null || (raw === '' && v.behaviour.variant('query-lenient'))) return undefined;
  return v.string(name, raw, rule);
}

/** page_size is 1..20 on both billing lists. */
export const PAGE_SIZE_MAX = 20;
