// Small rendering helpers shared by plan and subscription views.

import type { Behaviour } from '../behaviour.js';
import { isObject, type Json } from '../http/validator.js';
import { isMoney } from './values.js';

/** "7" -> "7.00", "1.5" -> "1.50", ".5" -> "0.50": the same amount with at least two decimals (never rounded). */
export function twoPlaces(text: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole === '' ? '0' : whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * Deep copy for output; under the money-value-number fault, Money values become numbers; under
 * the variant decimal-two-places, Money values and tax percentages are written with two decimals.
 */
export function out(value: unknown, behaviour: Behaviour): Json {
  const copy = structuredClone(value) as Json;
  const asNumbers = behaviour.fault('money-value-number');
  const padded = behaviour.variant('decimal-two-places');
  if (!asNumbers && !padded) return copy;
  const visit = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      if (isMoney(node)) (node as Record<string, Json>).value = asNumbers ? Number(node.value) : twoPlaces(node.value);
      else {
        if (padded && typeof node.percentage === 'string') node.percentage = twoPlaces(node.percentage);
        Object.values(node).forEach(visit);
      }
    }
  };
  visit(copy);
  return copy;
}

/** Under the plan-create-time-no-seconds fault, 2024-01-01T10:00:00Z becomes 2024-01-01T10:00+00:00
 * (22 characters: only the pattern is broken, not the length). */
export function planTime(time: string, behaviour: Behaviour): string {
  return behaviour.fault('plan-create-time-no-seconds') ? time.replace(/^(.{16}):\d\d(\.\d+)?Z$/, '$1+00:00') : time;
}
