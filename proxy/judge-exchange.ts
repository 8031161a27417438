import { OPERATION_CONTRACTS, responseContract, type OperationContracts } from '../contracts/operation-contracts.js';
import { ruleById } from '../contracts/rules/index.js';
import { validate } from '../contracts/validate.js';
import { checkContract } from '../harness/contract-check.js';
import { operationOf, type Operation } from '../contracts/operations.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { jsonOf } from './json-text.js';
import { queryOf } from './query.js';

// What one exchange shows, judged on its own: the request against the request contracts (a
// request that breaks one is the client's mistake, never the server's non-conformance), and the
// answer against what the spec states for that operation: the success status, an empty 204,
// JSON bodies, the response contract (Prefer honoured), no 5xx. What the server did with a
// client's broken request is the server's: taking it fails the broken rule, refusing it holds it.

export interface Finding {
  rule: RuleId;
  held: boolean;
  /** A pass earned by refusing a broken request: it counts only if the operation takes requests. */
  byRefusal?: boolean;
  message?: string;
  expected?: string;
  received?: string;
}

export interface ClientMistake {
  rule: RuleId;
  message: string;
}

export interface JudgedExchange {
  operation?: Operation;
  /** The parsed request body, when it was JSON. */
  requestJson?: unknown;
  /** The parsed answer, when it was JSON. */
  responseJson?: unknown;
  client: ClientMistake[];
  findings: Finding[];
}

export interface RawExchange {
  method: string;
  /** Path and query, as the client sent them. */
  target: string;
  requestHeaders: Readonly<Record<string, string>>;
  requestBody: string;
  status?: number;
  responseHeaders: Readonly<Record<string, string>>;
  responseBody: string;
  /** The kept copy was cut: the body cannot be judged. */
  truncated: boolean;
}

/** A body's text as JSON, read once: `ok` tells a JSON null from no JSON at all. */
const parseJson = (text: string): { json?: unknown; ok: boolean } => {
  const json = jsonOf(text);
  return json === undefined ? { ok: false } : { json, ok: true };
};

/** The headers a header contract names, under the contract's spelling. */
function headersFor(headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name.toLowerCase()];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const HEADER_NAMES = ['Platform-Client-Metadata-Id', 'Platform-Request-Id', 'Prefer'];

const noServerErrorRule = (operation: Operation): RuleId => (operation.api === 'billing' ? 'billing.errors.no-5xx-on-bad-input' : 'assignees.errors.no-5xx-on-bad-input');
const jsonBodiesRule = (operation: Operation): RuleId => (operation.api === 'billing' ? 'billing.http.json-bodies' : 'assignees.http.json-bodies');

/** The request against its contracts: each rule it breaks, once. */
function clientMistakes(operation: Operation, contracts: OperationContracts | undefined, raw: RawExchange, body: { json?: unknown; ok: boolean }): ClientMistake[] {
  const mistakes = new Map<RuleId, string>();
  const note = (schemaId: string, value: unknown, what: string): void => {
    for (const violation of validate(schemaId, value)) if (!mistakes.has(violation.ruleId)) mistakes.set(violation.ruleId, `${what}: ${violation.message}`);
  };
  if (contracts?.body) {
    if (raw.requestBody.trim() !== '' && !body.ok) {
      const rule = validate(contracts.body, undefined)[0]?.ruleId;
      if (rule) mistakes.set(rule, `${operation.name}: the request body is not JSON`);
    } else note(contracts.body, body.json, `${operation.name} request body`);
  }
  if (contracts?.query) note(contracts.query, queryOf(contracts.query, raw.target), `${operation.name} query`);
  if (contracts?.headers) note(contracts.headers, headersFor(raw.requestHeaders, HEADER_NAMES), `${operation.name} headers`);
  if (operation.api === 'billing' && raw.requestHeaders.authorization === undefined) {
    mistakes.set('billing.auth.bearer-required', `${operation.name} without the bearer credential (every billing operation requires it)`);
  }
  return [...mistakes].map(([rule, message]) => ({ rule, message }));
}

/** What the server did with a request the client got wrong: taken fails the rule, refused holds it. */
function brokenRequestFindings(mistakes: readonly ClientMistake[], status: number): Finding[] {
  const taken = status >= 200 && status <= 299;
  const refused = status >= 400 && status <= 499;
  if (!taken && !refused) return [];
  return mistakes
    .filter((mistake) => ruleById(mistake.rule) !== undefined)
    .map((mistake) =>
      taken
        ? { rule: mistake.rule, held: false, message: `the server took a request that breaks ${mistake.rule} (${mistake.message})`, expected: 'a 4xx refusal', received: `status ${status}` }
        : { rule: mistake.rule, held: true, byRefusal: true },
    );
}

/** A valid request's success answer: its status, its body, its contract. */
function answerFindings(contracts: OperationContracts, raw: RawExchange, answer: { json?: unknown; ok: boolean }, operation: Operation): Finding[] {
  const status = raw.status!;
  const findings: Finding[] = [];
  const statusHeld = status === contracts.success;
  findings.push(
    statusHeld
      ? { rule: contracts.successRule, held: true }
      : { rule: contracts.successRule, held: false, message: `${operation.name} succeeded with ${status}`, expected: `status ${contracts.success}`, received: `status ${status}` },
  );
  const emptyRule = contracts.emptyRule;
  if (emptyRule && status === 204) {
    findings.push(raw.responseBody === '' ? { rule: emptyRule, held: true } : { rule: emptyRule, held: false, message: `${operation.name} answered 204 with a body`, expected: 'no body', received: `${Buffer.byteLength(raw.responseBody)} bytes` });
  }
  const contract = responseContract(contracts, raw.requestHeaders.prefer);
  if (contract && statusHeld && answer.ok && !raw.truncated) {
    const outcome = checkContract(contract, answer.json);
    for (const rule of outcome.rules) findings.push({ rule, held: true });
    for (const violation of outcome.violations) {
      findings.push({ rule: violation.ruleId, held: false, message: `${operation.name}: ${violation.message}`, expected: `an answer matching ${contract.replace(/^.*\/schemas\//, '')}`, received: `${violation.instancePath || '(root)'} broke "${violation.keyword}"` });
    }
  }
  return findings;
}

/** Judges one exchange on its own. */
export function judgeExchange(raw: RawExchange): JudgedExchange {
  const operation = operationOf(raw.method, raw.target);
  const request = parseJson(raw.requestBody);
  const answer = parseJson(raw.responseBody);
  const parsed = { ...(request.ok ? { requestJson: request.json } : {}), ...(answer.ok ? { responseJson: answer.json } : {}) };
  if (!operation) return { client: [], findings: [], ...parsed };
  const contracts = OPERATION_CONTRACTS[operation.name];
  const client = clientMistakes(operation, contracts, raw, request);
  if (raw.status === undefined) return { operation, client, findings: [], ...parsed };
  const status = raw.status;
  const findings: Finding[] = [];
  if (status >= 500) {
    findings.push({ rule: noServerErrorRule(operation), held: false, message: `${raw.method} ${raw.target.replace(/\?.*$/s, '')} answered ${status}`, expected: 'no 5xx answer', received: `status ${status}` });
  }
  if (raw.responseBody.trim() !== '' && !raw.truncated) {
    findings.push(answer.ok ? { rule: jsonBodiesRule(operation), held: true } : { rule: jsonBodiesRule(operation), held: false, message: `${operation.name} answered ${status} with a body that is not JSON`, expected: 'a JSON body', received: raw.responseBody.slice(0, 120) });
    if (answer.ok && operation.api === 'billing') {
      const type = raw.responseHeaders['content-type'];
      findings.push(/\bjson\b/i.test(type ?? '') ? { rule: 'billing.http.json-content-type', held: true } : { rule: 'billing.http.json-content-type', held: false, message: `${operation.name} answered a JSON body ${type === undefined ? 'without a Content-Type' : `as ${type}`}`, expected: 'Content-Type: application/json', received: type ?? '(none)' });
    }
  }
  if (client.length > 0) findings.push(...brokenRequestFindings(client, status));
  else if (contracts && status >= 200 && status <= 299) findings.push(...answerFindings(contracts, raw, answer, operation));
  return { operation, client, findings, ...parsed };
}
