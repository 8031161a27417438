import { inject } from 'vitest';
import type { TestContext } from 'vitest';
import type { CheckMeta, FailureRecord } from './check-meta.js';
import { CheckFailure, CheckSetupError, type FailureDetails } from './failure.js';
import { KEPT_EXCHANGES, TransportError } from './http-client.js';
import { CheckConnection, TrafficWriteError } from './check-connection.js';
import { CheckCleanups } from './check-cleanups.js';
import { checkContext, type CheckContext } from './check-context.js';
import { Expectations } from './check-expectations.js';
import { CheckSettling } from './check-settling.js';
import { settleHistory, STOPPED_WAITING_SIGN } from './settle-history.js';
import { missingNeed, type Need } from './check-needs.js';
import { RuleVerdicts } from './rule-verdicts.js';
import { curlLine, shellQuote } from './curl.js';
import { checkSeed } from './property.js';
import { scrubSecrets } from './redact.js';
import type { RunJob } from './run-jobs.js';
import { DEFAULT_SETTLE_MS } from './settle.js';
import { namingTheRequest } from './setup-error-text.js';
import type { Exchange } from './exchange.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { apiOfRule } from '../contracts/operations.js';

// One run of one check: its parts put together, its body run, then whatever the body's end was
// (it ran to its end, a failure stopped it, it was skipped, it could not reach a verdict) turned
// into the check's verdicts, rule by rule, for the reporter (vitest task meta).

export interface CheckSpec {
  name: string;
  rules: RuleId[];
  needs?: Need[];
  /** Overrides the run's per-check timeout (ms) for long properties. */
  timeoutMs?: number;
}

/** How the body ended. */
type Ending =
  | { kind: 'completed' }
  | { kind: 'stopped'; failure: CheckFailure }
  | { kind: 'skipped'; error: unknown }
  | { kind: 'error'; error: unknown };

function isSkip(error: unknown): boolean {
  // vitest's context.skip() throws an internal error it recognises; leave it untouched.
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'VITEST_PENDING';
}

function endingOf(error: unknown): Ending {
  if (error instanceof CheckFailure) return { kind: 'stopped', failure: error };
  if (isSkip(error)) return { kind: 'skipped', error };
  return { kind: 'error', error };
}

/** --grep is a regular expression (vitest's test name pattern): match the name literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The exchange a failure judges, for its curl line: the first write among its exchanges (the
 * reads after it are evidence of what it did), or the last read when it sent no write.
 */
export function judgedExchange(exchanges: readonly Exchange[]): Exchange {
  return (
    exchanges.find((exchange) => !['GET', 'HEAD'].includes(exchange.request.method.toUpperCase())) ??
    exchanges[exchanges.length - 1]
  );
}

/** The step a failure stopped the check at, as the reason of the rules it left unjudged. */
function stoppedAt(failure: FailureRecord): string {
  const step = failure.message.length > 140 ? `${failure.message.slice(0, 139)}…` : failure.message;
  return `after ${failure.rule} failed at: ${step}`;
}

/* eslint-disable max-lines-per-function -- over 80 lines once Prettier wraps it; to split in a change of its own */
export async function runCheck(
  spec: CheckSpec,
  body: (ctx: CheckContext) => Promise<void>,
  vitest: TestContext,
  job?: RunJob,
): Promise<void> {
  const title = spec.name;
  const target = job?.target ?? inject('conformanceTarget');
  const settings = inject('conformanceSettings');
  const seed = checkSeed(settings.seed, title);
  const meta: CheckMeta = { rules: [...spec.rules], covered: [], observations: [], requests: 0, seed };
  (vitest.task.meta as { conformance?: CheckMeta }).conformance = meta;
  for (const need of spec.needs ?? []) {
    const reason = missingNeed(target, need);
    if (reason) {
      meta.skipReason = reason;
      meta.settled = true;
      vitest.skip(reason);
    }
  }

  const run = `${inject('conformanceModules').generation}${job ? `-${job.id}` : ''}`;
  const connection = new CheckConnection(
    target,
    settings,
    { title, api: apiOfRule(spec.rules[0] ?? ''), run, ...(job ? { job: job.id } : {}) },
    vitest.signal,
  );
  const verdicts = new RuleVerdicts();
  // A write the run's short settle window missed: the rules not judged yet are not verified.
  const unverified = (reason: string): never => {
    verdicts.notTried(
      spec.rules.filter((rule) => !verdicts.credited().includes(rule) && !verdicts.hasFailed(rule)),
      reason,
    );
    meta.skipReason = reason;
    return vitest.skip(reason);
  };
  const settling = new CheckSettling(settings.settleMs ?? DEFAULT_SETTLE_MS, settleHistory(run), unverified);
  const rerun = `${settings.rerunCommand} --seed ${settings.seed} --grep ${shellQuote(escapeRegExp(title))}`;
  const record = (
    details: FailureDetails,
    replay: Pick<FailureRecord, 'seed' | 'path' | 'counterexample'> = {},
  ): FailureRecord => {
    const exchanges = details.exchanges?.length ? details.exchanges : connection.http.exchanges.slice(-KEPT_EXCHANGES);
    const notSeen = settling.lastNotSeen;
    const { exchanges: _given, ...rest } = details;
    const failure: FailureRecord = {
      ...rest,
      message: notSeen ? `${details.message} (${notSeen})` : details.message,
      exchanges,
      rerun,
      ...replay,
      ...(exchanges.length > 0 ? { curl: curlLine(judgedExchange(exchanges).request) } : {}),
    };
    return connection.tokens ? scrubFailure(failure, connection.tokens.secrets) : failure;
  };
  const cleanups = new CheckCleanups();
  const expectations = new Expectations(verdicts, meta, record);
  const ctx = checkContext({
    target,
    settings,
    seed,
    meta,
    connection,
    settling,
    cleanups,
    expectations,
    verdicts,
    skip: (reason) => vitest.skip(reason),
    ...(job?.focus ? { focus: job.focus } : {}),
  });

  let ending: Ending = { kind: 'completed' };
  try {
    await body(ctx);
  } catch (error) {
    ending = endingOf(error);
  }
  connection.cleaningUp = true;
  meta.observations.push(...(await cleanups.runAll()), ...settling.observations());
  const unrecorded = finish(meta, ending, { verdicts, connection, record, rerun });
  // Said once in the diagnosis: its stateless signs are counted over the checks.
  if (settling.unverified) meta.readBackSigns = [...(meta.readBackSigns ?? []), STOPPED_WAITING_SIGN];
  if (ending.kind !== 'completed') throw ending.kind === 'stopped' ? ending.failure : ending.error;
  const first = verdicts.firstFailure;
  // Failures the check went on from: the check as a whole failed, with the first of them.
  if (first) throw new CheckFailure({ ...first, exchanges: first.exchanges });
  // Reached only when the body passed: a check that had stopped keeps its own verdict or error.
  if (unrecorded) {
    meta.error = unrecorded.message;
    throw unrecorded;
  }
}
/* eslint-enable max-lines-per-function */

interface Finishing {
  verdicts: RuleVerdicts;
  connection: CheckConnection;
  record: (details: FailureDetails, replay?: Pick<FailureRecord, 'seed' | 'path' | 'counterexample'>) => FailureRecord;
  rerun: string;
}

/** Writes the check's ending into its meta; returns the traffic line that could not be written, if one. */
function finish(
  meta: CheckMeta,
  ending: Ending,
  { verdicts, connection, record, rerun }: Finishing,
): TrafficWriteError | undefined {
  let stopped: string | undefined;
  if (ending.kind === 'stopped') {
    const { failure } = ending;
    const replay = {
      ...(failure.seed !== undefined ? { seed: failure.seed } : {}),
      ...(failure.path !== undefined ? { path: failure.path } : {}),
      ...(failure.counterexample !== undefined ? { counterexample: failure.counterexample } : {}),
    };
    const recorded = record(failure.details, replay);
    verdicts.fail(recorded);
    stopped = stoppedAt(recorded);
  } else if (ending.kind === 'error') {
    const { error } = ending;
    const message =
      error instanceof CheckSetupError
        ? namingTheRequest(error.message, error.exchanges)
        : error instanceof Error
          ? error.message
          : String(error);
    meta.error = scrubSecrets(message, connection.secrets);
    const exchanges =
      error instanceof TransportError ? [error.exchange] : error instanceof CheckSetupError ? error.exchanges : [];
    meta.errorExchanges = exchanges.length > 0 ? exchanges : connection.http.exchanges.slice(-3);
  }
  meta.verdicts = verdicts.settle(meta.rules, ending.kind === 'completed', stopped);
  meta.covered = meta.verdicts.passed.map((pass) => pass.rule);
  const first = verdicts.firstFailure;
  if (first) meta.failure = first;
  const serverErrors = connection.serverErrors.record(rerun);
  if (serverErrors && !verdicts.hasFailed(serverErrors.rule))
    meta.serverErrors = connection.tokens ? scrubFailure(serverErrors, connection.tokens.secrets) : serverErrors;
  const http = connection.http;
  meta.requests = http.requestCount;
  if (http.requestCount > 0) meta.operations = http.stats.snapshot();
  const signs = connection.readBacks.signs();
  if (signs.length > 0) meta.readBackSigns = signs;
  if (connection.rate?.change) meta.rateLowered = { ...connection.rate.change };
  let unrecorded: TrafficWriteError | undefined;
  try {
    connection.finishTraffic(verdicts.rulesByExchange(meta.serverErrors ? [meta.serverErrors] : []));
  } catch (error) {
    unrecorded = error as TrafficWriteError;
  }
  meta.settled = true;
  return unrecorded;
}

/**
 * A renewed token is known to this worker only (the reports scrub the profile's first values):
 * what a check wrote from an answer is scrubbed here. Exchanges were scrubbed when recorded.
 */
function scrubFailure(failure: FailureRecord, secrets: readonly string[]): FailureRecord {
  const scrub = (text: string | undefined): string | undefined =>
    text === undefined ? undefined : scrubSecrets(text, secrets);
  return {
    ...failure,
    message: scrubSecrets(failure.message, secrets),
    ...(failure.expected !== undefined ? { expected: scrub(failure.expected) } : {}),
    ...(failure.received !== undefined ? { received: scrub(failure.received) } : {}),
    ...(failure.counterexample !== undefined ? { counterexample: scrub(failure.counterexample) } : {}),
  };
}
