import type { RuleId } from '../contracts/rules/rule-ids.js';
import { preferOf } from '../contracts/operation-contracts.js';
import { broken, held, type Finding } from './finding.js';
import { isObject } from '../contracts/json-value.js';

// billing.md, "Endpoints": "Minimal returns id, status and links for create operations, and id,
// name, description and links for list plans." That lists what a minimal answer returns, not
// that it returns nothing else: an answer that also carries the full representation conforms
// (the members it must have are the MUST, judged by the response contracts). Leaving the content
// out is what minimal is for, so an answer that carries it is a warning of a SHOULD rule, judged
// here for `run`'s Prefer checks and for the proxy alike.

/** Members only a full plan has: its terms (a list summary and a minimal answer name the plan, they do not hold it). */
export const PLAN_CONTENT: readonly string[] = [
  'billing_cycles',
  'payment_preferences',
  'merchant_preferences',
  'taxes',
  'quantity_supported',
];

/** Members only a full subscription has: its subscriber, billing and terms. */
export const SUBSCRIPTION_CONTENT: readonly string[] = [
  'subscriber',
  'billing_info',
  'plan',
  'plan_overridden',
  'quantity',
  'shipping_amount',
  'custom_id',
  'auto_renewal',
  'start_time',
];

/** Per operation Prefer applies to: the SHOULD rule of a lean minimal answer, and the content it leaves out. */
export const MINIMAL_LEAN: Readonly<Record<string, { rule: RuleId; content: readonly string[] }>> = {
  'create plan': { rule: 'billing.create-plan.prefer-minimal-lean', content: PLAN_CONTENT },
  'list plans': { rule: 'billing.list-plans.prefer-minimal-lean', content: PLAN_CONTENT },
  'create subscription': { rule: 'billing.create-subscription.prefer-minimal-lean', content: SUBSCRIPTION_CONTENT },
};

/** Whether the answer to a request with this Prefer header is the minimal one. */
export const asksMinimal = (prefer: string | undefined): boolean => preferOf(prefer) === 'minimal';

/**
 * A minimal answer (or one list item of it) judged on `rule`: held when it leaves out every
 * member of `content`, broken (a SHOULD warning) when it carries some. Nothing for a value that
 * is no object (its contract judges that).
 */
export function judgeMinimalLean(
  body: unknown,
  content: readonly string[],
  rule: RuleId,
  what: string,
): Finding | undefined {
  if (!isObject(body)) return undefined;
  const present = content.filter((member) => body[member] !== undefined);
  if (present.length === 0) return held(rule);
  return broken(
    rule,
    `${what}: the minimal answer also carries ${present.join(', ')}, members of the full representation`,
    `a minimal answer, without ${content.join(', ')}`,
    `members ${Object.keys(body).join(', ')}`,
  );
}

/** The minimal answer of `operation` judged: the answer itself, or each item of a list plans answer. */
export function judgeMinimalAnswer(operation: string, prefer: string | undefined, answer: unknown): Finding[] {
  const lean = MINIMAL_LEAN[operation];
  if (!lean || !asksMinimal(prefer)) return [];
  const bodies =
    operation === 'list plans' ? (isObject(answer) && Array.isArray(answer.plans) ? answer.plans : []) : [answer];
  const findings = bodies.flatMap((body) => judgeMinimalLean(body, lean.content, lean.rule, operation) ?? []);
  // one finding per answer: the first item that carries content speaks for the list
  const carried = findings.find((finding) => !finding.held);
  return carried ? [carried] : findings.slice(0, 1);
}
