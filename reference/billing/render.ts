// Small rendering helpers shared by plan and subscription views: Money values, plan times, links.

import type { Rendering } from '../faults/points.js';
import { isObject, type Json, type JsonObject } from '../http/json.js';
import type { Link } from './links.js';
import { isMoney } from './values.js';

/** "7" -> "7.00", "1.5" -> "1.50", ".5" -> "0.50": the same amount with at least two decimals (never rounded). */
export function twoPlaces(text: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole === '' ? '0' : whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * Deep copy for output, each Money value as rendered; under the variant decimal-two-places,
 * Money values and tax percentages are written with two decimals.
 */
export function out(value: unknown, behaviour: Rendering): Json {
  const copy = structuredClone(value) as Json;
  const padded = behaviour.variant('decimal-two-places');
  const visit = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      if (isMoney(node)) {
        const text = padded ? twoPlaces(node.value) : node.value;
        const rendered = behaviour.rendered('money value', text, { value: node.value });
        if (rendered !== node.value) (node as Record<string, Json>).value = rendered;
      } else {
        if (padded && typeof node.percentage === 'string') node.percentage = twoPlaces(node.percentage);
        Object.values(node).forEach(visit);
      }
    }
  };
  visit(copy);
  return copy;
}

/** A create_time or update_time of a plan (or its pricing scheme), as answered. */
export function planTime(time: string, behaviour: Rendering): string {
  return behaviour.rendered('plan time', time);
}

/** The links of an answer, as the faults and variants that are on write them. */
export function renderLinks(links: Link[], behaviour: Rendering, collectionHref?: string): Json[] {
  const all: Link[] = [...links];
  if (behaviour.variant('link-other-methods') && collectionHref)
    all.push({ href: collectionHref, rel: 'collection', method: 'HEAD' });
  return behaviour
    .rendered('links', all)
    .slice(0, 10)
    .map((item): JsonObject => behaviour.rendered('link', { ...item }));
}
