import { nodesReachable, rulesOf, walkSchema } from '../../contracts/schema-walk.js';
import { SCHEMA_IDS, validate } from '../../contracts/validate.js';
import { BREAKABLE_KEYWORDS, breakInPlace } from './break-value.js';
import {
  faultsFor,
  observableMustCandidates,
  type GeneratedCandidate,
  type GeneratedFault,
} from './generated-candidates.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Json } from '../http/json.js';
import type { Plugs } from './points.js';

// Faults generated from the contracts: for one MUST rule that an `x-rules` constraint of a
// response contract enforces, the reference breaks that constraint in every answer that carries
// the member (a wrong type, a bound passed by one, a member taken away). So every contract rule
// the reference's answers reach gets its proof without anyone writing it by hand.
//
// Which of them the self-test proves is listed in generated-proofs.ts: the rules whose members the
// clean reference's answers carry in a certification, without a fault by hand. The self-test
// keeps that list current (it names what to add or take out).

export const RESPONSE_FAULT_PREFIX = 'response-breaks-';

/** The contracts of each operation's success answer, most specific first. */
export const RESPONSE_CONTRACTS: Readonly<Record<string, readonly string[]>> = {
  'create plan': [
    SCHEMA_IDS.createPlanResponseRepresentation,
    SCHEMA_IDS.createPlanResponse,
    SCHEMA_IDS.createPlanResponseMinimal,
  ],
  'list plans': [SCHEMA_IDS.listPlansResponseRepresentation, SCHEMA_IDS.listPlansResponse],
  'show plan': [SCHEMA_IDS.showPlanResponse],
  'create subscription': [
    SCHEMA_IDS.createSubscriptionResponseRepresentation,
    SCHEMA_IDS.createSubscriptionResponse,
    SCHEMA_IDS.createSubscriptionResponseMinimal,
  ],
  'list subscriptions': [SCHEMA_IDS.listSubscriptionsResponse],
  'show subscription': [SCHEMA_IDS.showSubscriptionResponse],
  'revise subscription': [SCHEMA_IDS.reviseResponse],
  'capture payment': [SCHEMA_IDS.captureResponse],
  'list transactions': [SCHEMA_IDS.listTransactionsResponse],
  'list assignees': [SCHEMA_IDS.listAssigneesResponse],
  'add assignees': [SCHEMA_IDS.addAssigneesResponse],
  'remove assignees': [SCHEMA_IDS.removeAssigneesResponse],
};

/** Every MUST rule a response contract enforces with a constraint a value can be broken on. */
export function responseBreakingCandidates(): GeneratedCandidate[] {
  const byRule = new Map<string, Set<string>>();
  const schemaIds = [...new Set(Object.values(RESPONSE_CONTRACTS).flat())];
  for (const schemaId of schemaIds) {
    for (const node of nodesReachable(schemaId)) {
      for (const at of rulesOf(node)) {
        if (!BREAKABLE_KEYWORDS.has(at.keyword)) continue;
        const set = byRule.get(at.rule) ?? new Set<string>();
        set.add(at.member !== undefined ? `${at.keyword}:${at.member}` : at.keyword);
        byRule.set(at.rule, set);
      }
    }
  }
  return observableMustCandidates(byRule);
}

export const responseFaultName = (rule: RuleId): string => `${RESPONSE_FAULT_PREFIX}${rule}`;

/** The plug-in that breaks `rule` in every success answer that carries its member. */
const breaksAnswers = (rule: RuleId): Plugs => ({
  'success answer': (reply, { operation }) =>
    reply.body === undefined ? reply : { ...reply, body: breakResponse(operation, reply.body, rule) as Json },
});

/** A generated fault for every candidate rule but those in `proven` (the hand faults' rules). */
export function responseBreakingFaults(proven: ReadonlySet<string>): GeneratedFault[] {
  const describe = (candidate: GeneratedCandidate) =>
    `Generated from the contracts: every answer breaks ${candidate.constraints.join(', ')} of ` +
    `what ${candidate.rule} constrains.`;
  return faultsFor(responseBreakingCandidates(), proven, responseFaultName, describe, breaksAnswers);
}

/**
 * The answer with `rule` broken wherever it carries the rule's member, or the answer itself when
 * it carries none (or is not a success answer of a known operation).
 */
export function breakResponse(operation: string, body: unknown, rule: string): unknown {
  const contracts = RESPONSE_CONTRACTS[operation];
  if (!contracts || body === undefined) return body;
  const schemaId = contracts.find((id) => validate(id, body).length === 0);
  if (!schemaId) return body;
  const holder: { value: unknown } = { value: structuredClone(body) };
  walkSchema(
    schemaId,
    holder.value,
    ({ node, rules, value, replace }) => {
      let replaced = false;
      for (const at of rules) {
        if (at.rule !== rule || !BREAKABLE_KEYWORDS.has(at.keyword)) continue;
        if (breakInPlace(node, at, value, replace) && at.keyword !== 'required') replaced = true;
        if (replaced) break;
      }
      return replaced ? 'replaced' : undefined;
    },
    (next) => {
      holder.value = next;
    },
  );
  return holder.value;
}
