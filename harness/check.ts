import { inject, test } from 'vitest';
import type { TestContext } from 'vitest';
import type { Exchange, Reply } from './exchange.js';
import { CheckFailure, CheckSetupError, type FailureDetails } from './failure.js';
import { HttpClient, KEPT_EXCHANGES, TransportError, type SendOptions } from './http-client.js';
import type { CheckMeta, FailureRecord } from './check-meta.js';
import type { RunSettings } from './settings.js';
import type { AssigneesSection, BillingSection, TargetProfile } from '../contracts/target-profile.js';
import { curlLine, shellQuote } from './curl.js';
import { describeStatus } from './describe.js';
import { secretsOf } from './secrets.js';
import { requestSlots } from './request-slots.js';
import { rateBucket } from './rate-bucket.js';
import { tokenRefresher } from './token-source.js';
import { scrubSecrets } from './redact.js';
import { DEFAULT_SETTLE_MS, settle } from './settle.js';
import { holdExclusive } from './exclusive.js';
import { stopWhenRateLimited } from './rate-limit.js';
import { checkSeed, runProperty, type PropertyOptions } from './property.js';
import { checkContract } from './contract-check.js';
import { collectingJob } from './run-jobs.js';
import { openListing } from './check-declarations.js';
import { RunLedger } from './ledger.js';
import { ReadBackSigns } from './read-back-signs.js';
import { namingTheRequest } from './setup-error-text.js';
import { ruleById } from '../contracts/rules/index.js';
import { TrafficRecorder } from './traffic.js';
import type fc from 'fast-check';
import './settings.js';
import './check-meta.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// `check` is how a suite states one conformance check: the rules it verifies, what the target
// must offer for it to apply, and its body. Everything a reporter needs travels in task meta.

export type Need =
  | 'billing'
  | 'approval'
  | 'assignees'
  | 'push-token'
  | 'read-token'
  | 'private-repo'
  | 'pull-request'
  | 'not-assignable';

export interface CheckSpec {
  name: string;
  rules: RuleId[];
  needs?: Need[];
  /** Overrides the run's per-check timeout (ms) for long properties. */
  timeoutMs?: number;
}

export interface BillingSendOptions extends Omit<SendOptions, 'method' | 'path' | 'token'> {
  /** `null` sends no credential; a string sends that one instead of the profile's token. */
  token?: string | null;
}

export interface CheckContext {
  readonly target: TargetProfile;
  readonly settings: RunSettings;
  readonly billing: BillingSection;
  readonly assignees: AssigneesSection;
  readonly http: HttpClient;
  /** Deterministic per check: the run seed mixed with the check's name. */
  readonly seed: number;
  send(options: SendOptions): Promise<Reply>;
  /** A billing request with the profile's bearer token unless told otherwise. */
  billingSend(method: string, path: string, options?: BillingSendOptions): Promise<Reply>;
  fail(details: FailureDetails): never;
  /** Fails `rule` unless the status is one of `expected`. */
  expectStatus(reply: Reply, expected: number | readonly number[], rule: RuleId, what: string): void;
  /** Fails `rule` unless the status is a 4xx (any 4xx: the spec names few refusal codes). */
  expectRefused(reply: Reply, rule: RuleId, what: string): void;
  /**
   * Records that `rule` is credited on this refusal (expectRefused does it itself): the pass
   * counts only if the same operation takes some request in the run.
   */
  creditRefusal(reply: Reply, rule: RuleId): void;
  /** Fails `rule` unless the body parses as JSON; returns it. */
  expectJson(reply: Reply, rule: RuleId, what: string): unknown;
  /** Validates a value against a contract; a violation fails the rule the contract names. */
  expectContract(value: unknown, schemaId: string, reply: Reply, what: string): void;
  /** Records rules verified on the way, beyond the declared ones. */
  cover(...rules: RuleId[]): void;
  /** Records what was seen where the spec states nothing: information, never a verdict. */
  observe(note: string): void;
  /**
   * Declared rules this run of the check could not evaluate (its setup was refused, a premise
   * did not hold): they are reported skipped with the reason, never passed by this check.
   */
  notTried(rules: readonly RuleId[], reason: string): void;
  /**
   * A read that expects a write to be visible: read again, a little later each time, until
   * `isVisible` holds or --settle-ms has passed. Returns the last read, to be judged as usual.
   * `what` names the read in the report ("the new plan in list plans"). Never for a read that
   * expects nothing to have changed: that one is judged at once.
   */
  settle<T>(what: string, read: () => Promise<T>, isVisible: (value: T) => boolean): Promise<T>;
  skip(reason: string): never;
  /** Runs after the check, also when it fails: cleanup of what it created. */
  defer(cleanup: () => Promise<unknown>): void;
  /**
   * Exclusive use of a fixture of the target that checks share and change (an issue whose
   * assignees they set), named by `key`, until the check ends: waits while another check of the
   * run holds it, in any worker. While it is held, the check's requests take a freed request
   * slot before other checks' (those may be waiting for it). It is released after the cleanups
   * registered later have run (restore the fixture, then release it).
   */
  exclusive(key: string): Promise<void>;
  property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: PropertyOptions): Promise<void>;
}

function missingNeed(target: TargetProfile, need: Need): string | undefined {
  const a = target.assignees;
  switch (need) {
    case 'billing':
      return target.billing ? undefined : 'the target profile has no billing section';
    case 'approval':
      if (!target.billing) return 'the target profile has no billing section';
      return target.billing.approval.mode === 'none'
        ? 'approval mode is none: no approved subscription can be had'
        : undefined;
    case 'assignees':
      return a ? undefined : 'the target profile has no assignees section';
    case 'push-token':
      return a?.tokens.push ? undefined : 'the profile gives no token with push access (assignees.tokens.push)';
    case 'read-token':
      return a?.tokens.read ? undefined : 'the profile gives no read-only token (assignees.tokens.read)';
    case 'private-repo':
      return a?.privateRepo ? undefined : 'the profile names no private repository (assignees.privateRepo)';
    case 'pull-request':
      return a?.pullNumber !== undefined ? undefined : 'the profile names no pull request (assignees.pullNumber)';
    case 'not-assignable':
      return a?.notAssignable ? undefined : 'the profile names no user that cannot be assigned (assignees.notAssignable)';
  }
}

/** The declared media type when it is not JSON (an HTML error page, a proxy's text). */
function declaredType(reply: Reply): string {
  const type = reply.headers['content-type'];
  return type === undefined ? ' (no content-type)' : /json/i.test(type) ? '' : ` (content-type ${type})`;
}

function notJson(reply: Reply): string {
  return reply.text === '' ? 'an empty body' : `unparsable body (${reply.jsonError ?? 'not JSON'})`;
}

function lastExchanges(list: Exchange[], count = KEPT_EXCHANGES): Exchange[] {
  return list.slice(-count);
}

export function check(spec: CheckSpec, body: (ctx: CheckContext) => Promise<void>): void {
  const listing = openListing();
  if (listing) return listing({ name: spec.name, rules: spec.rules, needs: spec.needs ?? [] });
  const title = spec.name;
  // In a run of several jobs, the job being loaded gives the target and the checks it runs.
  const job = collectingJob();
  if (job?.checks && !job.checks.includes(title)) return;
  test(title, async (vitestContext: TestContext) => {
    const target = job?.target ?? inject('conformanceTarget');
    const settings = inject('conformanceSettings');
    const seed = checkSeed(settings.seed, title);
    const meta: CheckMeta = { rules: [...spec.rules], covered: [], observations: [], requests: 0, seed };
    (vitestContext.task.meta as { conformance?: CheckMeta }).conformance = meta;

    for (const need of spec.needs ?? []) {
      const reason = missingNeed(target, need);
      if (reason) {
        meta.skipReason = reason;
        meta.settled = true;
        vitestContext.skip(reason);
      }
    }

    const run = `${inject('conformanceModules').generation}${job ? `-${job.id}` : ''}`;
    const rate = settings.ratePerWorker !== undefined ? rateBucket(settings.ratePerWorker, run) : undefined;
    const tokens = tokenRefresher(target, run, secretsOf(target));
    // With tokens from a command, the list grows as they are renewed.
    const secrets = tokens?.secrets ?? secretsOf(target);
    const traffic = settings.trafficFile ? new TrafficRecorder(settings.trafficFile, job ? `${job.id}: ${title}` : title) : undefined;
    // A traffic line that cannot be written (a full disk, a removed report folder) stops the
    // check with one line naming the file, never as an error of the target's.
    const recordTraffic = (write: (recorder: TrafficRecorder) => void): void => {
      if (!traffic) return;
      try {
        write(traffic);
      } catch (error) {
        throw new TrafficWriteError(settings.trafficFile!, error);
      }
    };
    const http = new HttpClient({
      baseUrl: target.baseUrl,
      timeoutMs: settings.timeoutMs,
      secrets,
      connections: settings.concurrency * 2,
      slots: requestSlots(settings.slotsPerWorker ?? settings.concurrency),
      ...(rate ? { rate } : {}),
      ...(tokens ? { tokens } : {}),
      ...(traffic ? { onExchange: (exchange: Exchange, startedAt: number) => recordTraffic((recorder) => recorder.exchange(exchange, startedAt)) } : {}),
    });
    // What the check creates goes into the run's ledger as soon as it is answered.
    const ledger = settings.ledgerFile ? new RunLedger(settings.ledgerFile, { target, run: settings.runId, check: title }) : undefined;
    const readBacks = new ReadBackSigns();
    const cleanups: Array<() => Promise<unknown>> = [];
    const settleMs = settings.settleMs ?? DEFAULT_SETTLE_MS;
    // Per read of settle: how often it was needed, how often a write showed late, the latest.
    const settling = new Map<string, { times: number; late: number; slowestMs: number }>();
    const notSeen: string[] = [];
    const rerun = `${settings.rerunCommand} --seed ${settings.seed} --grep ${shellQuote(escapeRegExp(title))}`;

    const fail = (details: FailureDetails): never => {
      throw new CheckFailure(details);
    };

    // Once the run is interrupted (Ctrl-C), the body sends nothing more, so that its cleanups
    // start at once; the cleanups themselves still send.
    let cleaningUp = false;
    // Every 5xx answer, to any request of the check: the no-5xx rule of its API is judged on
    // all of them, whatever the check itself is about.
    let serverErrors: { first: Reply; count: number } | undefined;
    const sendUnlessInterrupted = async (options: SendOptions): Promise<Reply> => {
      if (vitestContext.signal.aborted && !cleaningUp) throw new CheckSetupError('the run was interrupted: the check sends nothing more and cleans up');
      const reply = await http.send(options);
      ledger?.note(options, reply);
      readBacks.note(options, reply);
      if (reply.status >= 500 && reply.status <= 599) serverErrors = { first: serverErrors?.first ?? reply, count: (serverErrors?.count ?? 0) + 1 };
      return reply;
    };

    const ctx: CheckContext = {
      target,
      settings,
      seed,
      http,
      get billing(): BillingSection {
        if (!target.billing) throw new CheckSetupError('check needs the billing section but did not declare it');
        return target.billing;
      },
      get assignees(): AssigneesSection {
        if (!target.assignees) throw new CheckSetupError('check needs the assignees section but did not declare it');
        return target.assignees;
      },
      // A rate-limited answer ends the check without a verdict, whatever the check meant to judge.
      send: async (options) => stopWhenRateLimited(await sendUnlessInterrupted(options)),
      billingSend: async (method, path, options = {}) => {
        const { token, ...rest } = options;
        const used = token === null ? undefined : (token ?? ctx.billing.token);
        return stopWhenRateLimited(await sendUnlessInterrupted({ ...rest, method, path, ...(used !== undefined ? { token: used } : {}) }));
      },
      fail,
      expectStatus(reply, expected, rule, what) {
        const allowed = typeof expected === 'number' ? [expected] : expected;
        if (!allowed.includes(reply.status)) {
          fail({
            rule,
            message: `${what}: status ${reply.status}`,
            expected: `status ${allowed.join(' or ')}`,
            received: describeStatus(reply),
            exchanges: [reply.exchange],
          });
        }
      },
      expectRefused(reply, rule, what) {
        if (reply.status < 400 || reply.status > 499) {
          fail({
            rule,
            message: `${what}: the request was not refused`,
            expected: 'a 4xx refusal',
            received: describeStatus(reply),
            exchanges: [reply.exchange],
          });
        }
        ctx.creditRefusal(reply, rule);
      },
      creditRefusal(reply, rule) {
        const operation = reply.operation;
        if (operation === undefined) return;
        // A 401 or 403 refuses for the credential, which is what an auth rule asks; a route the
        // server does not serve answers 404 or 405, never that.
        if ((reply.status === 401 || reply.status === 403) && ruleById(rule)?.kind === 'auth') return;
        const refusals = (meta.refusals ??= []);
        if (!refusals.some((known) => known.rule === rule && known.operation === operation)) refusals.push({ rule, operation });
      },
      expectJson(reply, rule, what) {
        if (reply.json === undefined) {
          fail({
            rule,
            message: `${what}: the body is not JSON${declaredType(reply)}`,
            expected: 'a JSON body',
            received: notJson(reply),
            exchanges: [reply.exchange],
          });
        }
        return reply.json;
      },
      expectContract(value, schemaId, reply, what) {
        const outcome = checkContract(schemaId, value);
        // The rules that held are credited even when others broke: each is judged on its own.
        for (const rule of outcome.rules) if (!meta.covered.includes(rule)) meta.covered.push(rule);
        if (outcome.violations.length > 0) {
          // A body that did not parse reaches here as undefined: say that, not "an undefined".
          const unparsed = value === undefined && reply.json === undefined;
          const expected = `a body matching ${schemaId.replace(/^.*\/schemas\//, '')}`;
          const [first, ...rest] = outcome.violations.map((violation) => ({
            rule: violation.ruleId,
            message: unparsed ? `${what}: the body is not JSON${declaredType(reply)}` : `${what}: ${violation.message}`,
            expected,
            received: unparsed ? notJson(reply) : `${violation.instancePath || '(root)'} broke "${violation.keyword}"`,
          }));
          const more = rest.filter((other, index) => other.rule !== first.rule && rest.findIndex((o) => o.rule === other.rule) === index);
          fail({ ...first, exchanges: [reply.exchange], more });
        }
      },
      cover(...rules) {
        for (const rule of rules) if (!meta.covered.includes(rule)) meta.covered.push(rule);
      },
      observe(note) {
        meta.observations.push(note);
      },
      notTried(rules, reason) {
        (meta.notTried ??= []).push({ rules: [...rules], reason });
      },
      async settle(what, read, isVisible) {
        // Once a write of this check did not show within --settle-ms, the target is taken not to
        // show it late: later reads get a tenth of the time, so that shrinking the failure (dozens
        // of replays) does not spend --settle-ms on each.
        const outcome = await settle(read, isVisible, notSeen.length > 0 ? Math.ceil(settleMs / 10) : settleMs);
        const seen = settling.get(what) ?? { times: 0, late: 0, slowestMs: 0 };
        seen.times += 1;
        if (outcome.visible && outcome.reads > 1) {
          seen.late += 1;
          seen.slowestMs = Math.max(seen.slowestMs, outcome.afterMs);
        }
        settling.set(what, seen);
        if (!outcome.visible) notSeen.push(`${what} was read ${outcome.reads} time${outcome.reads === 1 ? '' : 's'} over ${outcome.afterMs} ms (--settle-ms ${settleMs}) and never showed the write`);
        return outcome.value;
      },
      skip(reason) {
        meta.skipReason = reason;
        return vitestContext.skip(reason);
      },
      defer(cleanup) {
        cleanups.push(cleanup);
      },
      async exclusive(key) {
        const release = await holdExclusive(`${target.baseUrl} ${key}`);
        http.first = true;
        cleanups.push(async () => {
          await release();
          http.first = false;
        });
      },
      property: (arbitrary, predicate, options) =>
        runProperty({ arbitrary, predicate, seed, runs: options?.numRuns ?? settings.runs, options, width: settings.slotsPerWorker ?? settings.concurrency }),
    };

    // A traffic line the end of the check could not write: the error of a check that passed.
    let unrecorded: TrafficWriteError | undefined;
    try {
      await body(ctx);
    } catch (error) {
      if (error instanceof CheckFailure) {
        const exchanges = error.exchanges.length > 0 ? error.exchanges : lastExchanges(http.exchanges);
        const message = error.message.split('\n')[0].replace(/^\[[^\]]+\]\s*/, '');
        const failure: FailureRecord = {
          rule: error.rule,
          message: notSeen.length > 0 ? `${message} (${notSeen[notSeen.length - 1]})` : message,
          exchanges,
          rerun,
          ...(error.expected !== undefined ? { expected: error.expected } : {}),
          ...(error.received !== undefined ? { received: error.received } : {}),
          ...(error.seed !== undefined ? { seed: error.seed } : {}),
          ...(error.path !== undefined ? { path: error.path } : {}),
          ...(error.counterexample !== undefined ? { counterexample: error.counterexample } : {}),
          ...(error.more.length > 0 ? { more: error.more } : {}),
          ...(exchanges.length > 0 ? { curl: curlLine(judgedExchange(exchanges).request) } : {}),
        };
        meta.failure = tokens ? scrubFailure(failure, tokens.secrets) : failure;
      } else if (!isSkip(error)) {
        const message = error instanceof CheckSetupError ? namingTheRequest(error.message, error.exchanges) : error instanceof Error ? error.message : String(error);
        meta.error = scrubSecrets(message, secrets);
        const exchanges = error instanceof TransportError ? [error.exchange] : error instanceof CheckSetupError ? error.exchanges : [];
        meta.errorExchanges = exchanges.length > 0 ? exchanges : lastExchanges(http.exchanges, 3);
      }
      throw error;
    } finally {
      cleaningUp = true;
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          meta.observations.push(`cleanup did not complete: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      for (const [what, seen] of settling) {
        if (seen.late > 0) meta.observations.push(`${what}: visible after ${seen.slowestMs} ms at the latest (${seen.late} of ${seen.times} read${seen.times === 1 ? '' : 's'} did not show the write at once)`);
      }
      if (serverErrors) {
        const record = serverErrorRecord(serverErrors.first, serverErrors.count, rerun);
        if (meta.failure?.rule !== record.rule) meta.serverErrors = tokens ? scrubFailure(record, tokens.secrets) : record;
      }
      meta.requests = http.requestCount;
      if (http.requestCount > 0) meta.operations = http.stats.snapshot();
      const signs = readBacks.signs();
      if (signs.length > 0) meta.readBackSigns = signs;
      try {
        recordTraffic((recorder) => recorder.finish([...meta.rules, ...meta.covered, ...(meta.failure ? [meta.failure.rule, ...(meta.failure.more ?? []).map((other) => other.rule)] : []), ...(meta.serverErrors ? [meta.serverErrors.rule] : [])]));
      } catch (error) {
        unrecorded = error as TrafficWriteError;
      }
      if (rate?.change) meta.rateLowered = { ...rate.change };
      meta.settled = true;
    }
    // Reached only when the body passed: a check that had stopped keeps its own verdict or error.
    if (unrecorded) {
      meta.error = unrecorded.message;
      throw unrecorded;
    }
  }, spec.timeoutMs);
}

/**
 * A renewed token is known to this worker only (the reports scrub the profile's first values):
 * what a check wrote from an answer is scrubbed here. Exchanges were scrubbed when recorded.
 */
function scrubFailure(failure: FailureRecord, secrets: readonly string[]): FailureRecord {
  const scrub = (text: string | undefined): string | undefined => (text === undefined ? undefined : scrubSecrets(text, secrets));
  return {
    ...failure,
    message: scrubSecrets(failure.message, secrets),
    ...(failure.expected !== undefined ? { expected: scrub(failure.expected) } : {}),
    ...(failure.received !== undefined ? { received: scrub(failure.received) } : {}),
    ...(failure.counterexample !== undefined ? { counterexample: scrub(failure.counterexample) } : {}),
  };
}

/**
 * The exchange a failure judges, for its curl line: the first write among its exchanges (the
 * reads after it are evidence of what it did), or the last read when it sent no write.
 */
export function judgedExchange(exchanges: readonly Exchange[]): Exchange {
  return exchanges.find((exchange) => !['GET', 'HEAD'].includes(exchange.request.method.toUpperCase())) ?? exchanges[exchanges.length - 1];
}

/** The no-5xx rule broken by a check's 5xx answers, shown by the first of them. */
function serverErrorRecord(first: Reply, count: number, rerun: string): FailureRecord {
  const request = first.exchange.request;
  const rule = /\/repos\//.test(request.url) ? 'assignees.errors.no-5xx-on-bad-input' : 'billing.errors.no-5xx-on-bad-input';
  const path = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return {
    rule,
    message: `${count} request${count === 1 ? ' was' : 's were'} answered with a 5xx; the first: ${request.method} ${path} answered ${first.status}`,
    expected: 'no 5xx answer to any request',
    received: describeStatus(first),
    exchanges: [first.exchange],
    rerun,
    curl: curlLine(request),
  };
}

/** The run's traffic file could not take a line: one line naming the file, never a stack. */
export class TrafficWriteError extends Error {
  constructor(file: string, cause: unknown) {
    super(`could not write the run's traffic to ${file}: ${(cause instanceof Error ? cause.message : String(cause)).split('\n')[0]}`);
    this.name = 'TrafficWriteError';
  }
}

/** --grep is a regular expression (vitest's test name pattern): match the name literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isSkip(error: unknown): boolean {
  // vitest's context.skip() throws an internal error it recognises; leave it untouched.
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'VITEST_PENDING';
}
