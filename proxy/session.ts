import type { Exchange } from '../harness/exchange.js';
import { redactHeaders, scrubSecrets } from '../harness/redact.js';
import { TrafficRecorder } from '../harness/traffic.js';
import { startForwarding, type ForwardedExchange, type RunningProxy } from './forward.js';
import { judgeExchange, type RawExchange } from './judge-exchange.js';
import { Observations } from './observations.js';
import { SequenceJudge } from './sequence.js';
import { upstreamUrl } from './upstream-url.js';
import { judgedBody, shownBody, type JudgedBody } from './judged-body.js';
import { OPERATION_CONTRACTS } from '../contracts/operation-contracts.js';
import { operationOf } from '../contracts/operations.js';

// One proxy session: forwards a client's traffic to the upstream and judges every exchange once
// it has ended, on its own and in the sequence the proxy saw. The client gets the bytes the
// upstream sent; what is judged (and recorded) is each body decoded from its content coding
// (gzip, deflate, br): a coding it cannot decode leaves that body unjudged, never broken. What
// is recorded (for the report's evidence and exchanges.har) is redacted as a run's exchanges are:
// credential headers replaced, and every bearer token the client sent scrubbed from the text;
// nothing else of them is kept. An exchange that cannot be judged (a fault of the judges, never of
// the client) is a run error: the proxy keeps forwarding and the report says it is incomplete.

/** The name HAR entries of proxied traffic carry as their `_check`. */
export const PROXIED_CLIENT = 'proxied client';

export interface SessionOptions {
  upstream: URL;
  port: number;
  /** Only exchanges of these APIs are judged; the others are forwarded all the same. */
  apis: ReadonlySet<'billing' | 'assignees'>;
  /** The HAR the session writes (begun by cli/exchanges-har.ts). */
  trafficFile?: string;
  timeoutMs?: number;
}

/** The credential a header carries, for scrubbing: the part after the scheme. */
function credentialOf(value: string | undefined): string | undefined {
  const match = /^\s*\S+\s+(\S+)\s*$/.exec(value ?? '');
  return match?.[1];
}

export class ProxySession {
  readonly observations = new Observations();
  readonly secrets = new Set<string>();
  /** Exchanges that could not be judged, one line each (scrubbed): for the report's run errors. */
  readonly runErrors: string[] = [];
  private readonly sequence = new SequenceJudge();
  private readonly traffic?: TrafficRecorder;
  private proxy?: RunningProxy;
  /** Exchanges still being judged when the session stops are waited for. */
  private pending = Promise.resolve();

  constructor(private readonly options: SessionOptions) {
    // Entries go into the HAR when the session stops, scrubbed of every credential the client sent.
    const scrub = (text: string): string => this.scrub(text);
    if (options.trafficFile) this.traffic = new TrafficRecorder(options.trafficFile, PROXIED_CLIENT, scrub);
  }

  async start(): Promise<string> {
    this.proxy = await startForwarding({
      upstream: this.options.upstream,
      port: this.options.port,
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      // Judged after the client has its answer, one exchange after another, in the order they ended.
      onExchange: (exchange) => {
        this.pending = this.pending.then(() => setImmediatePromise()).then(() => this.take(exchange));
      },
    });
    return this.proxy.url;
  }

  async stop(): Promise<void> {
    await this.proxy?.close();
    await this.pending;
    this.traffic?.finish(new Map());
  }

  private scrub(text: string): string {
    return scrubSecrets(text, [...this.secrets]);
  }

  /** The exchange as a report may show it, its bodies as judged. */
  private recorded(forwarded: ForwardedExchange, bodies: { request: JudgedBody; response: JudgedBody }): Exchange {
    const url = upstreamUrl(this.options.upstream, forwarded.target);
    const requestBody = shownBody(forwarded.requestBody, bodies.request);
    const response = {
      status: forwarded.status!,
      headers: redactHeaders(forwarded.responseHeaders),
      body: this.scrub(shownBody(forwarded.responseBody, bodies.response)),
      ...(forwarded.truncated ? { truncated: true } : {}),
    };
    return {
      request: {
        method: forwarded.method,
        url: this.scrub(url.toString()),
        headers: redactHeaders(forwarded.requestHeaders),
        ...(requestBody !== '' ? { body: this.scrub(requestBody) } : {}),
      },
      ...(forwarded.status !== undefined ? { response } : {}),
      ...(forwarded.error !== undefined ? { error: this.scrub(forwarded.error) } : {}),
      durationMs: forwarded.durationMs,
    };
  }

  /** Judges and records one exchange; whatever goes wrong doing so is a run error, never a crash. */
  private take(forwarded: ForwardedExchange): void {
    const credential = credentialOf(forwarded.requestHeaders.authorization);
    if (credential) this.secrets.add(credential);
    const request = judgedBody(forwarded.requestBody, forwarded.requestHeaders, false);
    const response = judgedBody(forwarded.responseBody, forwarded.responseHeaders, forwarded.truncated);
    const raw: RawExchange = {
      method: forwarded.method,
      target: forwarded.target,
      requestHeaders: forwarded.requestHeaders,
      requestBody: request.text,
      ...(forwarded.status !== undefined ? { status: forwarded.status } : {}),
      responseHeaders: forwarded.responseHeaders,
      responseBody: response.text,
      truncated: forwarded.truncated,
      ...(request.undecodable ? { requestUndecodable: request.undecodable } : {}),
      ...(response.undecodable ? { responseUndecodable: response.undecodable } : {}),
      ...(response.codings?.length ? { responseCodings: response.codings } : {}),
    };
    let exchange: Exchange | undefined;
    let added = false;
    try {
      exchange = this.recorded(forwarded, { request, response });
      const judged = judgeExchange(raw, this.sequence);
      const inScope = judged.operation !== undefined && this.options.apis.has(judged.operation.api);
      const findings = inScope ? [...judged.findings, ...this.sequence.judge(judged, raw)] : [];
      const unjudged =
        inScope && judged.unjudged ? { ...judged.unjudged, message: this.scrub(judged.unjudged.message) } : undefined;
      this.observations.add({
        ...(inScope ? { operation: judged.operation!.name } : {}),
        exchange,
        findings,
        client: inScope ? judged.client : [],
        ...(unjudged ? { unjudged } : {}),
      });
      added = true;
      this.traffic?.exchange(
        exchange,
        forwarded.startedAt,
        findings.map((finding) => finding.rule),
      );
    } catch (error) {
      const message = this.scrub(
        `${forwarded.method} ${forwarded.target.replace(/\?.*$/s, '').slice(0, 200)} could not be ` +
          `judged: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (this.runErrors.length < MAX_RUN_ERRORS) this.runErrors.push(message);
      if (added) return;
      // The rule the exchange would have been judged on first is left without a verdict.
      const operation = safely(() => operationOf(raw.method, raw.target));
      const inScope = operation !== undefined && this.options.apis.has(operation.api);
      const rule = inScope ? OPERATION_CONTRACTS[operation.name]?.successRule : undefined;
      this.observations.unjudged(inScope ? operation.name : undefined, exchange, message, rule);
      if (exchange) safely(() => this.traffic?.exchange(exchange!, forwarded.startedAt, []));
    }
  }
}

/** The value of `read`, or undefined when it throws (used where an error is being reported already). */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Run errors kept word for word: past these, the report's unjudged checks still count every one. */
const MAX_RUN_ERRORS = 100;

const setImmediatePromise = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
