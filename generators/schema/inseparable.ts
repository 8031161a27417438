// Rules that no value can break alone, because the spec ties them to another rule: a break of the
// key rule necessarily breaks the listed ones too. The schema-driven breaks label them in
// `alsoBreaks`; the coverage test prints this table. (Breaks that imply another rule by the
// constraints at the same place, such as an empty string and a "digits only" pattern, are found
// by the breaker itself.)

import type { RuleId } from '../../contracts/rules/rule-ids.js';

export interface Inseparable {
  rule: RuleId;
  alsoBreaks: readonly RuleId[];
  why: string;
}

export const INSEPARABLE: readonly Inseparable[] = [
  {
    rule: 'billing.plan.billing_cycles.items',
    alsoBreaks: ['billing.plan.billing_cycles.trial-max-2', 'billing.plan.billing_cycles.regular-max-1'],
    why:
      'billing.md "Plan": 1..12 billing cycles, "at most two TRIAL cycles and one REGULAR ' +
      'cycle", and tenure_type is REGULAR or TRIAL: 13 cycles hold a third TRIAL or a second ' +
      'REGULAR',
  },
  {
    rule: 'billing.patch.op.enum',
    alsoBreaks: ['billing.update-subscription.ops-per-path', 'billing.update-plan.replace-only'],
    why:
      'billing.md "JSON Patch body": op is one of six; the plan and subscription updates allow a ' +
      'subset of those six, so an op outside the six is outside the subset too',
  },
  {
    rule: 'billing.patch.path.pattern',
    alsoBreaks: ['billing.update-subscription.other-paths-refused', 'billing.update-plan.other-paths-refused'],
    why:
      'billing.md "JSON Patch body": path is a JSON Pointer; every patchable path is one, so a ' +
      'path that is not a JSON Pointer is not patchable either',
  },
];

export const ALSO_BREAKS: Readonly<Record<string, readonly RuleId[]>> = Object.fromEntries(
  INSEPARABLE.map((i) => [i.rule, i.alsoBreaks]),
);

/** Rules of a contract that no value of that contract can break alone, with the reason. */
export interface UnbreakableAlone {
  schema: string;
  rules: readonly RuleId[];
  why: string;
}

const B = 'https://api-conformance.local/schemas/billing/';

export const UNBREAKABLE_ALONE: readonly UnbreakableAlone[] = [
  {
    schema: `${B}revise-request.json`,
    rules: [
      'billing.application_context.user_action.type',
      'billing.application_context.user_action.length',
      'billing.application_context.user_action.enum',
    ],
    why:
      'billing.md "Revise plan or quantity": application_context (without user_action). Any ' +
      'user_action, well-formed or not, breaks ' +
      'billing.application_context.user_action.create-only; its own rules are broken alone in ' +
      'application-context and create-subscription-request',
  },
  {
    schema: `${B}update-plan-request.json`,
    rules: ['billing.patch.from.required'],
    why:
      'billing.md "Patchable plan attributes (operation replace only)": from is required for ' +
      'move and copy only, and either op breaks billing.update-plan.replace-only; a missing from ' +
      'is broken alone in patch-document and update-subscription-request',
  },
];

/** The rules of contract `id` that no value can break alone. */
export const unbreakableAlone = (id: string): Set<string> =>
  new Set(UNBREAKABLE_ALONE.filter((u) => u.schema === id).flatMap((u) => u.rules));
