import { OPERATION_CONTRACTS, responseContract, type OperationContracts } from '../contracts/operation-contracts.js';
import { checkContract } from '../harness/contract-check.js';
import { apiRules, operationOf, pathParams, type Operation } from '../contracts/operations.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { broken, held, type ClientMistake, type Finding } from '../judging/finding.js';
import { judgeCoding } from '../judging/coding.js';
import { judgeJsonBody } from '../judging/json-body.js';
import { judgeMinimalAnswer } from '../judging/prefer.js';
import { ASSIGNEES_PAGING, BILLING_PAGING, judgeBrokenQuery, type Paging } from '../judging/query-answer.js';
import { queryOf } from '../judging/query-values.js';
import { judgeRequiredRefusal } from '../judging/refusal.js';
import { firstOfEachRule, requestBreaks, type RequestBreak } from '../judging/request-breaks.js';
import { jsonOf } from './json-text.js';
import { NOTHING_KNOWN, stateBreaks, type StateKnowledge } from './state-breaks.js';
import { isObject } from '../contracts/json-value.js';

// What one exchange shows, judged with the judges `run`'s checks use (judging/): the request
// against the request contracts, read as the spec reads them and by the state of the resource it
// names where the proxy knows it (a request that breaks a rule is the client's mistake); the
// server by what it did with it: a request the spec requires refusing holds the rule when refused
// and breaks it when taken; a query value that may be clamped is judged by the page served. A
// valid request's success answer is held to its status, an empty 204, its response contract
// (Prefer honoured), and JSON bodies, judged decoded. No 5xx, whatever was asked.

export type { ClientMistake, Finding } from '../judging/finding.js';

export interface JudgedExchange {
  operation?: Operation;
  /** The parsed request body, when it was JSON. */
  requestJson?: unknown;
  /** The parsed answer, when it was JSON. */
  responseJson?: unknown;
  client: ClientMistake[];
  findings: Finding[];
  /** What could not be judged, and the rule it leaves without a verdict. */
  unjudged?: { rule: RuleId; message: string };
}

export interface RawExchange {
  method: string;
  /** Path and query, as the client sent them. */
  target: string;
  requestHeaders: Readonly<Record<string, string>>;
  /** The request body as its representation (decoded from any content coding). */
  requestBody: string;
  status?: number;
  responseHeaders: Readonly<Record<string, string>>;
  /** The answer's body as its representation (decoded from any content coding). */
  responseBody: string;
  /** The kept copy was cut: the body cannot be judged. */
  truncated: boolean;
  /** Why the request body could not be decoded: it is not judged. */
  requestUndecodable?: string;
  /** Why the answer's body could not be decoded: it is not judged. */
  responseUndecodable?: string;
  /** The content codings the answer's body came in, undone in `responseBody`. */
  responseCodings?: readonly string[];
}

/** A body's text as JSON, read once: `ok` tells a JSON null from no JSON at all. */
const parseJson = (text: string): { value?: unknown; ok: boolean } => {
  const value = jsonOf(text);
  return value === undefined ? { ok: false } : { value, ok: true };
};

/** The lists whose page a clamped query value is judged by: the member holding the items ('' for a bare array). */
const LISTS: Readonly<Record<string, { key: string; paging: Paging }>> = {
  'list plans': { key: 'plans', paging: BILLING_PAGING },
  'list subscriptions': { key: 'subscriptions', paging: BILLING_PAGING },
  'list assignees': { key: '', paging: ASSIGNEES_PAGING },
};

function listOf(
  operation: Operation,
  answer: unknown,
): { key: string; items: Array<Record<string, unknown>> | undefined; paging: Paging } | undefined {
  const list = LISTS[operation.name];
  if (!list) return undefined;
  const items = list.key === '' ? answer : isObject(answer) ? answer[list.key] : undefined;
  return {
    key: list.key || 'users',
    paging: list.paging,
    items: Array.isArray(items) ? items.filter(isObject) : undefined,
  };
}

/** A valid request's success answer: its status, its body, its contract, Prefer. */
function answerFindings(
  operation: Operation,
  contracts: OperationContracts,
  raw: RawExchange,
  answer: { value?: unknown; ok: boolean },
): Finding[] {
  const status = raw.status!;
  const statusHeld = status === contracts.success;
  const findings = [
    statusHeld
      ? held(contracts.successRule)
      : broken(
          contracts.successRule,
          `${operation.name} succeeded with ${status}`,
          `status ${contracts.success}`,
          `status ${status}`,
        ),
  ];
  if (contracts.emptyRule && status === 204 && !raw.responseUndecodable) {
    const empty = raw.responseBody === '';
    findings.push(
      empty
        ? held(contracts.emptyRule)
        : broken(
            contracts.emptyRule,
            `${operation.name} answered 204 with a body`,
            'no body',
            `${Buffer.byteLength(raw.responseBody)} bytes`,
          ),
    );
  }
  const contract = responseContract(contracts, raw.requestHeaders.prefer);
  if (!contract || !statusHeld || !answer.ok || raw.truncated) return findings;
  const outcome = checkContract(contract, answer.value);
  for (const rule of outcome.rules) findings.push(held(rule));
  for (const violation of outcome.violations) {
    findings.push(
      broken(
        violation.ruleId,
        `${operation.name}: ${violation.message}`,
        `an answer matching ${contract.replace(/^.*\/schemas\//, '')}`,
        `${violation.instancePath || '(root)'} broke "${violation.keyword}"`,
      ),
    );
  }
  return [...findings, ...judgeMinimalAnswer(operation.name, raw.requestHeaders.prefer, answer.value)];
}

/** What the server did with the request's breaks: a required refusal, or the page a clamped value served. */
function breakFindings(
  operation: Operation,
  contracts: OperationContracts | undefined,
  raw: RawExchange,
  breaks: readonly RequestBreak[],
  answer: unknown,
): Finding[] {
  const status = raw.status!;
  return breaks.map((item) => {
    if (!item.servable) return judgeRequiredRefusal(item.rule, status, item.message);
    const query = contracts?.query ? queryOf(contracts.query, raw.target) : {};
    const list = raw.truncated || raw.responseUndecodable ? undefined : listOf(operation, answer);
    return judgeBrokenQuery({
      rule: item.rule,
      param: item.servable,
      query,
      status,
      what: item.message,
      ...(list ? { list } : {}),
    }).finding;
  });
}

/** Judges one exchange, with what the proxy knows of the state of the resources it names. */
export function judgeExchange(raw: RawExchange, knowledge: StateKnowledge = NOTHING_KNOWN): JudgedExchange {
  const operation = operationOf(raw.method, raw.target);
  const request = raw.requestUndecodable ? { ok: false } : parseJson(raw.requestBody);
  const answer = raw.responseUndecodable ? { ok: false } : parseJson(raw.responseBody);
  const parsed = {
    ...(request.ok ? { requestJson: request.value } : {}),
    ...(answer.ok ? { responseJson: answer.value } : {}),
  };
  if (!operation) return { client: [], findings: [], ...parsed };
  const contracts = OPERATION_CONTRACTS[operation.name];
  const sent = {
    target: raw.target,
    headers: raw.requestHeaders,
    body: raw.requestBody,
    json: request,
    ...(raw.requestUndecodable ? { bodyUnjudged: true } : {}),
  };
  const params = pathParams(operation, raw.target) ?? {};
  const breaks = firstOfEachRule(
    stateBreaks(operation, requestBreaks(operation, contracts, sent), request.value, params, knowledge),
  );
  const client = breaks.map(({ rule, message }) => ({ rule, message }));
  const unjudged = raw.responseUndecodable
    ? {
        unjudged: {
          rule: apiRules(operation.api).jsonBodies,
          message: `${operation.name}: the answer was not judged: ${raw.responseUndecodable}`,
        },
      }
    : {};
  if (raw.status === undefined) return { operation, client, findings: [], ...parsed, ...unjudged };
  const status = raw.status;
  const findings: Finding[] = [];
  if (status >= 500)
    findings.push(
      broken(
        apiRules(operation.api).noServerError,
        `${raw.method} ${raw.target.replace(/\?.*$/s, '')} answered ${status}`,
        'no 5xx answer',
        `status ${status}`,
      ),
    );
  if (!raw.truncated && !raw.responseUndecodable) {
    const what = `${operation.name} answered ${status}`;
    findings.push(
      ...judgeJsonBody({
        api: operation.api,
        what,
        text: raw.responseBody,
        json: answer,
        contentType: raw.responseHeaders['content-type'],
      }),
    );
    if (raw.responseBody !== '')
      findings.push(
        judgeCoding({
          api: operation.api,
          acceptEncoding: raw.requestHeaders['accept-encoding'],
          codings: raw.responseCodings ?? [],
          what,
        }),
      );
  }
  findings.push(...breakFindings(operation, contracts, raw, breaks, answer.value));
  const refusalRequired = breaks.some((item) => !item.servable);
  if (!refusalRequired && contracts && status >= 200 && status <= 299)
    findings.push(...answerFindings(operation, contracts, raw, answer));
  return { operation, client, findings, ...parsed, ...unjudged };
}
