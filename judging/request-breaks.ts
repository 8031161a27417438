import type { OperationContracts } from '../contracts/operation-contracts.js';
import type { Operation } from '../contracts/operations.js';
import { segmentsOf } from '../contracts/json-pointer.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { validate, type ContractViolation } from '../contracts/validate.js';
import { mayBeServed } from './query-answer.js';
import { queryOf } from './query-values.js';
import { isObject } from '../contracts/json-value.js';

// The rules a request breaks, read from the request contracts as the spec states them, and what
// each asks of the server. Most breaks must be refused. A query value past its range that can be
// clamped or read as absent (page_size, page, per_page, an empty value) may also be served: its
// answer is then judged (judging/query-answer.ts). What the contracts alone would call a break
// but the spec allows is no break: a `test` operation of a patch reads only, so the rules of what
// a patch may change do not apply to it; a request sent with no body lacks the required members
// of its body, it is not a body of another type. What depends on the state of a plan or a
// subscription (a status update of an INACTIVE plan, a reason required to reactivate) is decided
// where that state is known: the lifecycle model's state tables.

export interface RequestBreak {
  rule: RuleId;
  /** What the request did, in words, for the client's mistakes and the server's failures. */
  message: string;
  /** A query parameter whose value a server may serve clamped or as absent: its answer is judged. */
  servable?: string;
  /** The patch operation the break is in, for a JSON Patch body. */
  patchOp?: { index: number; op: string; path: string };
}

/** The request as sent: the target (path and query), lower-case headers, the body's text. */
export interface SentRequest {
  target: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  /** The body read as JSON; `ok` false when it is not JSON (or empty). */
  json: { value?: unknown; ok: boolean };
  /** The body could not be decoded (an unknown Content-Encoding): it is not judged. */
  bodyUnjudged?: boolean;
}

/** What a patch may change: rules a `test` operation, which changes nothing, is never held to. */
const CHANGE_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'billing.update-plan.replace-only',
  'billing.update-plan.other-paths-refused',
  'billing.update-subscription.other-paths-refused',
  'billing.update-subscription.ops-per-path',
]);

/** Headers a header contract names, under the contract's spelling. */
const HEADER_NAMES = ['Platform-Client-Metadata-Id', 'Platform-Request-Id', 'Prefer'];

function headersFor(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of HEADER_NAMES) {
    const value = headers[name.toLowerCase()];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The patch operation a violation at `/<index>/...` of a JSON Patch body is in. */
function patchOpOf(body: unknown, violation: ContractViolation): RequestBreak['patchOp'] {
  const index = Number(segmentsOf(violation.instancePath)[0]);
  const op: unknown = Array.isArray(body) && Number.isInteger(index) ? body[index] : undefined;
  return isObject(op) ? { index, op: String(op.op), path: String(op.path) } : undefined;
}

/** The body's breaks: of the contract, with a `test` operation's and a missing body's read as the spec reads them. */
function bodyBreaks(operation: Operation, contract: string, request: SentRequest): RequestBreak[] {
  if (request.body.trim() === '') {
    // No body: an object body lacks its required members; any other (a patch) is missing.
    const asObject = validate(contract, {});
    const notAnObject = asObject.some((violation) => violation.instancePath === '' && violation.keyword === 'type');
    const violations = notAnObject
      ? asObject.filter((violation) => violation.instancePath === '' && violation.keyword === 'type')
      : asObject;
    return violations.map((violation) => ({
      rule: violation.ruleId,
      message: notAnObject ? `${operation.name} with no body` : `${operation.name} with no body: ${violation.message}`,
    }));
  }
  if (!request.json.ok) {
    const rule = validate(contract, undefined)[0]?.ruleId;
    return rule ? [{ rule, message: `${operation.name}: the request body is not JSON` }] : [];
  }
  return validate(contract, request.json.value).flatMap((violation) => {
    const patchOp = Array.isArray(request.json.value) ? patchOpOf(request.json.value, violation) : undefined;
    if (patchOp?.op === 'test' && CHANGE_RULES.has(violation.ruleId)) return [];
    return [
      {
        rule: violation.ruleId,
        message: `${operation.name} request body: ${violation.message}`,
        ...(patchOp ? { patchOp } : {}),
      },
    ];
  });
}

/** The query's breaks, each parameter read as its contract declares it. */
function queryBreaks(operation: Operation, contract: string, target: string): RequestBreak[] {
  const query = queryOf(contract, target);
  return validate(contract, query).map((violation) => {
    const param = segmentsOf(violation.instancePath)[0] ?? '';
    const servable = param !== '' && mayBeServed(param, query[param]);
    return {
      rule: violation.ruleId,
      message: `${operation.name} query: ${violation.message}`,
      ...(servable ? { servable: param } : {}),
    };
  });
}

/** The first break of each rule: it speaks for the rule. */
export function firstOfEachRule(breaks: readonly RequestBreak[]): RequestBreak[] {
  const key = (item: RequestBreak): string => `${item.rule} ${item.patchOp?.index ?? ''}`;
  return breaks.filter((item, index) => breaks.findIndex((other) => key(other) === key(item)) === index);
}

/**
 * Every rule the request breaks: once per rule, and for a patch once per rule and operation
 * (what the state allows may differ from one operation to the next; firstOfEachRule then keeps one).
 */
export function requestBreaks(
  operation: Operation,
  contracts: OperationContracts | undefined,
  request: SentRequest,
): RequestBreak[] {
  const breaks: RequestBreak[] = [
    ...(contracts?.body && !request.bodyUnjudged ? bodyBreaks(operation, contracts.body, request) : []),
    ...(contracts?.query ? queryBreaks(operation, contracts.query, request.target) : []),
    ...(contracts?.headers
      ? validate(contracts.headers, headersFor(request.headers)).map((violation) => ({
          rule: violation.ruleId,
          message: `${operation.name} headers: ${violation.message}`,
        }))
      : []),
  ];
  if (operation.api === 'billing' && request.headers.authorization === undefined) {
    breaks.push({
      rule: 'billing.auth.bearer-required',
      message: `${operation.name} without the bearer credential (every billing operation requires it)`,
    });
  }
  const key = (item: RequestBreak): string => `${item.rule} ${item.patchOp?.index ?? ''}`;
  return breaks.filter((item, index) => breaks.findIndex((other) => key(other) === key(item)) === index);
}
