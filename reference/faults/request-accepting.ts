import type { Json } from '../../contracts/schema-files.js';
import { rulesOf, schemaNodeAt } from '../../contracts/schema-walk.js';
import { SCHEMA_IDS } from '../../contracts/validate.js';
import {
  faultsFor,
  observableMustCandidates,
  type GeneratedCandidate,
  type GeneratedFault,
} from './generated-candidates.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';

// Faults generated from the request contracts: for one MUST rule that an `x-rules` constraint of
// a request contract enforces (a length, a pattern, a type, a required member), the reference
// stops enforcing that constraint and takes the request as if it held. A check that sends a
// request breaking the rule must then see it accepted, and fail the rule.
//
// The reference's validator names each refusal by field (a JSON Pointer into the body, or a
// header name) and issue; REFUSALS reads which constraint that is back from the contracts.

export const REQUEST_FAULT_PREFIX = 'request-accepts-';

/** The request bodies, headers and queries the contracts describe. */
const REQUEST_CONTRACTS: readonly string[] = [
  SCHEMA_IDS.createPlanRequest,
  SCHEMA_IDS.updatePlanRequest,
  SCHEMA_IDS.updatePricingRequest,
  SCHEMA_IDS.createSubscriptionHeaders,
  SCHEMA_IDS.createSubscriptionRequest,
  SCHEMA_IDS.updateSubscriptionRequest,
  SCHEMA_IDS.reviseRequest,
  SCHEMA_IDS.suspendRequest,
  SCHEMA_IDS.cancelRequest,
  SCHEMA_IDS.activateSubscriptionRequest,
  SCHEMA_IDS.captureRequest,
  SCHEMA_IDS.addAssigneesRequest,
  SCHEMA_IDS.removeAssigneesRequest,
  // A query parameter's refusal names the parameter as its field: "page_size" reads as /page_size.
  SCHEMA_IDS.listPlansQuery,
  SCHEMA_IDS.listSubscriptionsQuery,
  SCHEMA_IDS.showSubscriptionQuery,
  SCHEMA_IDS.listTransactionsQuery,
  SCHEMA_IDS.listAssigneesQuery,
];

/** Contracts the request contracts do not $ref, and where in a request the reference reads them. */
const MOUNTED_CONTRACTS: ReadonlyArray<{ schemaId: string; at: string }> = [
  // A payment source card: sent on create subscription and on a replace of /subscriber/payment_source.
  { schemaId: SCHEMA_IDS.card, at: '/subscriber/payment_source/card' },
];

/** The keywords a validator issue stands for. */
const ISSUE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  MISSING_REQUIRED_PARAMETER: ['required'],
  INVALID_PARAMETER_TYPE: ['type'],
  INVALID_STRING_MIN_LENGTH: ['minLength'],
  INVALID_STRING_MAX_LENGTH: ['maxLength'],
  INVALID_PARAMETER_SYNTAX: ['pattern', 'format'],
  INVALID_PARAMETER_VALUE: ['enum', 'const', 'minimum', 'maximum'],
  INVALID_INTEGER_VALUE: ['minimum', 'maximum'],
  INVALID_ARRAY_LENGTH: ['minItems', 'maxItems'],
};

const ENFORCEABLE = new Set(Object.values(ISSUE_KEYWORDS).flat());

/** "/billing_cycles/0/sequence" -> "/billing_cycles/*\/sequence"; a header or query name -> "/name". */
export function fieldPattern(field: string): string {
  if (field === 'body' || field === '') return '';
  const pointer = field.startsWith('/') ? field : `/${field}`;
  return pointer
    .split('/')
    .map((token) => (/^\d+$/.test(token) ? '*' : token.toLowerCase()))
    .join('/');
}

/** "path|keyword" -> the rules a constraint there enforces, over every request contract. */
let refusals: Map<string, Set<string>> | undefined;

function collect(
  node: Json | undefined,
  baseId: string,
  path: string,
  out: Map<string, Set<string>>,
  seen: Set<string>,
  depth: number,
): void {
  if (depth > 40 || node === null || node === undefined || typeof node !== 'object' || Array.isArray(node)) return;
  const add = (at: string, keyword: string, rule: RuleId): void => {
    const key = `${at}|${keyword}`;
    const set = out.get(key) ?? new Set<string>();
    set.add(rule);
    out.set(key, set);
  };
  for (const at of rulesOf(node)) {
    if (!ENFORCEABLE.has(at.keyword)) continue;
    if (at.keyword === 'required') add(`${path}/${at.member?.toLowerCase() ?? ''}`, 'required', at.rule);
    else add(path, at.keyword, at.rule);
  }
  const go = (child: Json | undefined, childPath: string, childBase = baseId): void =>
    collect(child, childBase, childPath, out, seen, depth + 1);
  if (typeof node.$ref === 'string') {
    const target = schemaNodeAt(node.$ref, baseId);
    const key = `${target?.baseId}#${target?.pointer}@${path}`;
    if (target && !seen.has(key)) {
      seen.add(key);
      go(target.node, path, target.baseId);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const branch of list) go(branch, path);
  }
  for (const key of ['then', 'else'] as const) go(node[key], path);
  if (node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)) {
    for (const [member, sub] of Object.entries(node.properties)) go(sub, `${path}/${member.toLowerCase()}`);
  }
  go(node.items, `${path}/*`);
  if (Array.isArray(node.prefixItems)) for (const item of node.prefixItems) go(item, `${path}/*`);
}

function refusalTable(): Map<string, Set<string>> {
  if (!refusals) {
    refusals = new Map();
    for (const { schemaId, at } of [
      ...REQUEST_CONTRACTS.map((schemaId) => ({ schemaId, at: '' })),
      ...MOUNTED_CONTRACTS,
    ]) {
      const root = schemaNodeAt(schemaId, schemaId);
      if (root) collect(root.node, root.baseId, at, refusals, new Set(), 0);
    }
  }
  return refusals;
}

/** The rules a validator refusal (field and issue) enforces, read from the request contracts. */
export function rulesOfRefusal(field: string, issue: string): string[] {
  const path = fieldPattern(field);
  return (ISSUE_KEYWORDS[issue] ?? []).flatMap((keyword) => [...(refusalTable().get(`${path}|${keyword}`) ?? [])]);
}

/** Every MUST rule a request contract enforces with a constraint the validator refuses by. */
export function requestAcceptingCandidates(): GeneratedCandidate[] {
  const byRule = new Map<string, Set<string>>();
  for (const [key, rules] of refusalTable()) {
    const [path, keyword] = key.split('|');
    for (const rule of rules) {
      const set = byRule.get(rule) ?? new Set<string>();
      set.add(`${keyword} of ${path || 'the body'}`);
      byRule.set(rule, set);
    }
  }
  return observableMustCandidates(byRule);
}

export const requestFaultName = (rule: RuleId): string => `${REQUEST_FAULT_PREFIX}${rule}`;

/** The plug-in that stops the validator enforcing `rule`: its refusals are skipped, the value taken as it is. */
export const takesRequestsBreaking = (rule: RuleId): Plugs => ({
  'refusal enforced': (enforced, { field, issue }) => enforced && !rulesOfRefusal(field, issue).includes(rule),
});

/** A generated fault for every candidate rule but those in `proven`. */
export function requestAcceptingFaults(proven: ReadonlySet<string>): GeneratedFault[] {
  const describe = (candidate: GeneratedCandidate) =>
    `Generated from the contracts: requests that break ${candidate.constraints.join(', ')} (${candidate.rule}) ` +
    `are taken as if they held.`;
  // A request taken without a member the reference needs (a plan without a name) makes it fail
  // further on, with a 500: a server with that bug answers so too, and breaks the no-5xx rule.
  return faultsFor(requestAcceptingCandidates(), proven, requestFaultName, describe, takesRequestsBreaking).map(
    (fault) =>
      fault.rule.endsWith('.required')
        ? {
            ...fault,
            consequences: {
              ...fault.consequences,
              [noServerErrorsRule(fault.rule)]:
                'taking a request without a member it needs, the service fails on it further on (a 500)',
            },
          }
        : fault,
  );
}

/** The no-5xx rule of the rule's API. */
const noServerErrorsRule = (rule: RuleId): RuleId =>
  rule.startsWith('assignees.') ? 'assignees.errors.no-5xx-on-bad-input' : 'billing.errors.no-5xx-on-bad-input';
