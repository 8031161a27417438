// The reference's switchable faults: each is one small deviation from one stated rule, used by
// the checker's self-test to prove that the check of that rule can fail. Each family file of this
// folder lists its faults, one entry each (name, rule, description, and its plug-ins: where it
// plugs into the reference, faults/points.ts); this file assembles the list.

import type { RuleKind } from '../../contracts/rule.js';
import { ruleById } from '../../contracts/rules/index.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import { responseBreakingFaults } from './response-breaking.js';
import { requestAcceptingFaults } from './request-accepting.js';
import { STATUS_FAULTS } from './status-codes.js';
import { PATCH_IGNORED_FAULTS } from './patch-ignored.js';
import { QUERY_TAKEN_FAULTS } from './query-taken.js';
import { NO_CONTENT_FAULTS } from './no-content.js';
import { GENERATED_PROOFS } from './generated-proofs.js';
import { PLAN_FAULTS } from './plans.js';
import { SUBSCRIPTION_FAULTS } from './subscriptions.js';
import { VALUE_FAULTS } from './values.js';
import { CARD_FAULTS } from './cards.js';
import { PAGING_FAULTS } from './paging.js';
import { PATCH_FAULTS } from './patch.js';
import { HTTP_FAULTS } from './http.js';
import { ASSIGNEE_FAULTS } from './assignees.js';
import type { FaultPlugin, Plugs } from './plugin.js';

/** A fault as written: the rule it breaks and what it does. */
export interface FaultEntry {
  name: string;
  /** The id of the catalog rule the fault breaks. */
  rule: RuleId;
  description: string;
  /** Other rules the same deviation breaks, each with why (faults/consequences.ts). */
  consequences?: Readonly<Partial<Record<RuleId, string>>>;
}

/** A fault with the kind of its rule (the self-test scores faults by kind). */
export interface FaultSpec extends FaultEntry {
  kind: RuleKind;
}

/** The fault with its rule's kind: a kind is a fact of the rule, never written twice. */
function withKind({ name, rule, description, consequences }: FaultEntry): FaultSpec {
  const found = ruleById(rule);
  if (!found) throw new Error(`the fault ${name} breaks ${rule}, which is not a rule of the catalog`);
  return { name, rule, kind: found.kind, description, ...(consequences ? { consequences } : {}) };
}

/** The faults written by hand, family by family (the order decides which fault a report names as a rule's proof). */
const FAULT_LIST = [
  ...PLAN_FAULTS,
  ...SUBSCRIPTION_FAULTS,
  ...VALUE_FAULTS,
  ...CARD_FAULTS,
  ...PAGING_FAULTS,
  ...PATCH_FAULTS,
  ...HTTP_FAULTS,
  ...ASSIGNEE_FAULTS,
] as const;

export type FaultName = (typeof FAULT_LIST)[number]['name'];

/** The faults written by hand, each with its own probe and README row. */
export const HAND_FAULTS: readonly FaultSpec[] = FAULT_LIST.map(withKind);

/** Table-driven faults (a success code, a body, a patch path each): proven by the self-test, probed by it alone. */
const TABLE_FAULTS: readonly FaultSpec[] = [
  ...STATUS_FAULTS,
  ...NO_CONTENT_FAULTS,
  ...PATCH_IGNORED_FAULTS,
  ...QUERY_TAKEN_FAULTS,
].map(withKind);

// a hand fault replaces the generated faults of its rule, unless it breaks it another way beside them
const handRules = new Set(
  [...FAULT_LIST, ...TABLE_FAULTS].filter((fault) => !('besideGenerated' in fault)).map((fault) => fault.rule),
);
const responseFaults = responseBreakingFaults(handRules);
const listed = new Set(Object.keys(GENERATED_PROOFS));

/**
 * Faults generated from the contracts for the MUST rules no hand fault proves: answers that break
 * a response constraint (faults/response-breaking.ts), and, for the rules no proven answer-breaking
 * fault covers, requests taken although they break a request constraint (faults/request-accepting.ts).
 */
const generatedPlugins = [
  ...responseFaults,
  ...requestAcceptingFaults(
    new Set([...handRules, ...responseFaults.filter((fault) => listed.has(fault.name)).map((fault) => fault.rule)]),
  ),
];
export const GENERATED_FAULTS: readonly FaultSpec[] = generatedPlugins.map(withKind);

/**
 * The faults the self-test proves caught: those by hand and by table, then the generated ones it found caught
 * (faults/generated-proofs.ts). Each is a proof for its rule.
 */
export const FAULTS: readonly FaultSpec[] = [
  ...HAND_FAULTS,
  ...TABLE_FAULTS,
  ...GENERATED_FAULTS.filter((fault) => listed.has(fault.name)),
];

/** Every fault a reference can be started with. */
export const SWITCHABLE_FAULTS: readonly FaultSpec[] = [...HAND_FAULTS, ...TABLE_FAULTS, ...GENERATED_FAULTS];

const PLUGS = new Map<string, Plugs>(
  [
    ...FAULT_LIST,
    ...STATUS_FAULTS,
    ...NO_CONTENT_FAULTS,
    ...PATCH_IGNORED_FAULTS,
    ...QUERY_TAKEN_FAULTS,
    ...generatedPlugins,
  ].map((fault: FaultPlugin) => [fault.name, fault.at]),
);

/** Where the fault `name` plugs into the reference (faults/points.ts). */
export const FAULT_PLUGS = (name: string): Plugs => PLUGS.get(name) ?? {};
