// Small rendering helpers shared by plan and subscription views.

import type { Behaviour } from '../behaviour.js';
import { isObject, type Json } from '../http/validator.js';
import { isMoney } from './values.js';

/** Deep copy for output; under the money-value-number fault, Money values become numbers. */
export function out(value: unknown, behaviour: Behaviour): Json {
  const copy = structuredClone(value) as Json;
  if (!behaviour.fault('money-value-number')) return copy;
  const visit = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      if (isMoney(node)) (node as Record<string, Json>).value = Number(node.value);
      else Object.values(node).forEach(visit);
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
