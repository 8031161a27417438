// Collects every problem of one request body or query, so that a refusal names all of its fields.

import { validationError, type ErrorDetail } from './errors.js';
import type { Behaviour } from '../behaviour.js';
import { isObject, type Json, type JsonObject } from './json.js';
import type { NumberRule, StringRule } from './value-rules.js';

/** Lengths in the spec are in characters: count code points, not UTF-16 units. */
export function charLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export class Validator {
  readonly details: ErrorDetail[] = [];

  constructor(readonly behaviour: Behaviour) {}

  /** Records a refusal (unless a generated fault takes it: the value is then ignored, as absent). */
  fail(field: string, issue: string, description: string): undefined {
    if (!this.unenforced(field, issue)) this.details.push({ field, issue, description });
    return undefined;
  }

  /** Refuses `value`, unless a fault generated from the request contracts takes it as it is. */
  private refuse<T>(field: string, issue: string, description: string, value: T): T | undefined {
    if (this.unenforced(field, issue)) return value;
    this.details.push({ field, issue, description });
    return undefined;
  }

  /** Whether a fault stopped enforcing the rule the refusal (field, issue) enforces. */
  private unenforced(field: string, issue: string): boolean {
    return !this.behaviour.accepted('refusal enforced', true, { field, issue });
  }

  /** Records a missing member; returns whether it is present. */
  require(field: string, value: unknown): boolean {
    if (value === undefined) {
      this.fail(field, 'MISSING_REQUIRED_PARAMETER', `${field} is required.`);
      return false;
    }
    return true;
  }

  string(field: string, value: unknown, rule: StringRule = {}): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.fail(field, 'INVALID_PARAMETER_TYPE', `${field} must be a string.`);
    // variant utf16-lengths counts UTF-16 units (an emoji is 2) instead of code points
    const length = this.behaviour.variant('utf16-lengths') ? value.length : charLength(value);
    if (rule.min !== undefined && length < rule.min) {
      return this.refuse(
        field,
        'INVALID_STRING_MIN_LENGTH',
        `${field} must have at least ${rule.min} characters (has ${length}).`,
        value,
      );
    }
    if (rule.max !== undefined && length > rule.max) {
      return this.refuse(
        field,
        'INVALID_STRING_MAX_LENGTH',
        `${field} must have at most ${rule.max} characters (has ${length}).`,
        value,
      );
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      return this.refuse(
        field,
        'INVALID_PARAMETER_SYNTAX',
        `${field} must match ${rule.patternText ?? rule.pattern.source}.`,
        value,
      );
    }
    if (rule.values && !rule.values.includes(value)) {
      return this.refuse(field, 'INVALID_PARAMETER_VALUE', `${field} must be one of ${rule.values.join(', ')}.`, value);
    }
    // variant text-nfc stores (and answers) text in Unicode normalization form C
    return this.behaviour.variant('text-nfc') ? value.normalize('NFC') : value;
  }

  integer(field: string, value: unknown, rule: NumberRule = {}): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      return this.fail(field, 'INVALID_PARAMETER_TYPE', `${field} must be an integer.`);
    }
    if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
      return this.refuse(
        field,
        'INVALID_INTEGER_VALUE',
        `${field} must be between ${rule.min ?? '-inf'} and ${rule.max ?? 'inf'}.`,
        value,
      );
    }
    return value;
  }

  boolean(field: string, value: unknown): boolean | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.fail(field, 'INVALID_PARAMETER_TYPE', `${field} must be a boolean.`);
    return value;
  }

  object(field: string, value: unknown): JsonObject | undefined {
    if (value === undefined) return undefined;
    if (!isObject(value)) return this.fail(field, 'INVALID_PARAMETER_TYPE', `${field} must be an object.`);
    return value;
  }

  array(field: string, value: unknown, rule: NumberRule = {}): Json[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return this.fail(field, 'INVALID_PARAMETER_TYPE', `${field} must be an array.`);
    if ((rule.min !== undefined && value.length < rule.min) || (rule.max !== undefined && value.length > rule.max)) {
      return this.refuse(
        field,
        'INVALID_ARRAY_LENGTH',
        `${field} must have between ${rule.min ?? 0} and ${rule.max ?? 'any number of'} items (has ${value.length}).`,
        value,
      );
    }
    return value as Json[];
  }

  get ok(): boolean {
    return this.details.length === 0;
  }

  /** Throws the collected problems as one 400. */
  done(): void {
    if (this.details.length > 0) throw validationError(this.details);
  }
}
