// How a plan is written: full representation, minimal create answer, minimal list item.

import type { Rendering } from '../faults/points.js';
import type { JsonObject } from '../http/json.js';
import type { Plan } from './model.js';
import { link } from './links.js';
import { out, planTime, renderLinks } from './render.js';

export function planHref(baseUrl: string, id: string): string {
  return `${baseUrl}/v1/billing/plans/${id}`;
}

function planLinks(plan: Plan, baseUrl: string, behaviour: Rendering) {
  const href = planHref(baseUrl, plan.id);
  const links = [link(href, 'self', 'GET'), link(href, 'edit', 'PATCH')];
  if (plan.status === 'ACTIVE') links.push(link(`${href}/deactivate`, 'deactivate', 'POST'));
  else links.push(link(`${href}/activate`, 'activate', 'POST'));
  return renderLinks(links, behaviour, `${baseUrl}/v1/billing/plans`);
}

export function fullPlan(plan: Plan, baseUrl: string, behaviour: Rendering): JsonObject {
  const cycles = plan.billing_cycles.map((cycle) => {
    const rendered = out(cycle, behaviour) as JsonObject;
    if (
      cycle.pricing_scheme &&
      rendered.pricing_scheme &&
      typeof rendered.pricing_scheme === 'object' &&
      !Array.isArray(rendered.pricing_scheme)
    ) {
      rendered.pricing_scheme.create_time = planTime(cycle.pricing_scheme.create_time, behaviour);
      rendered.pricing_scheme.update_time = planTime(cycle.pricing_scheme.update_time, behaviour);
    }
    return behaviour.rendered('plan billing cycle', rendered);
  });
  return {
    id: plan.id,
    product_id: behaviour.rendered('plan product_id', plan.product_id),
    name: plan.name,
    status: plan.status,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    usage_type: 'LICENSED',
    billing_cycles: cycles,
    quantity_supported: plan.quantity_supported,
    payment_preferences: out(plan.payment_preferences, behaviour),
    ...(plan.merchant_preferences ? { merchant_preferences: out(plan.merchant_preferences, behaviour) } : {}),
    ...(plan.taxes ? { taxes: out(plan.taxes, behaviour) } : {}),
    create_time: planTime(plan.create_time, behaviour),
    update_time: planTime(plan.update_time, behaviour),
    links: planLinks(plan, baseUrl, behaviour),
    ...(behaviour.variant('extra-members') ? { x_reference_note: 'extra member allowed by the open object' } : {}),
  };
}

/** List plans under the list-plans-summary variant: a summary, without cycles and preferences. */
export function planSummary(plan: Plan, baseUrl: string, behaviour: Rendering): JsonObject {
  const {
    billing_cycles: _cycles,
    payment_preferences: _preferences,
    taxes: _taxes,
    quantity_supported: _quantity,
    merchant_preferences: _merchant,
    ...summary
  } = fullPlan(plan, baseUrl, behaviour);
  return summary;
}

/** Create plan, Prefer: return=minimal: id, status and links. */
export function minimalCreatedPlan(plan: Plan, baseUrl: string, behaviour: Rendering): JsonObject {
  return behaviour.rendered('minimal created plan', {
    id: plan.id,
    status: plan.status,
    // variant minimal-identity-members: what names the plan, not what it holds
    ...(behaviour.variant('minimal-identity-members') ? { product_id: plan.product_id, name: plan.name } : {}),
    ...(behaviour.variant('minimal-create-times')
      ? { create_time: planTime(plan.create_time, behaviour), update_time: planTime(plan.update_time, behaviour) }
      : {}),
    links: planLinks(plan, baseUrl, behaviour),
  });
}

/** List plans, Prefer: return=minimal: id, name, description (when set) and links. */
export function minimalListedPlan(plan: Plan, baseUrl: string, behaviour: Rendering): JsonObject {
  return behaviour.rendered('minimal listed plan', {
    id: plan.id,
    name: plan.name,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    ...(behaviour.variant('minimal-identity-members')
      ? { product_id: plan.product_id, status: plan.status, create_time: planTime(plan.create_time, behaviour) }
      : {}),
    links: planLinks(plan, baseUrl, behaviour),
  });
}
