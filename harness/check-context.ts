import type fc from 'fast-check';
import type { Exchange, Reply } from './exchange.js';
import { CheckSetupError, type CheckFailure, type FailureDetails } from './failure.js';
import type { HttpClient, SendOptions } from './http-client.js';
import type { RunSettings } from './settings.js';
import type { CheckMeta, FailureRecord } from './check-meta.js';
import type { CheckConnection } from './check-connection.js';
import type { CheckSettling } from './check-settling.js';
import type { CheckCleanups } from './check-cleanups.js';
import type { Expectations, SendUnbroken } from './check-expectations.js';
import type { RuleVerdicts } from './rule-verdicts.js';
import { holdExclusive } from './exclusive.js';
import { stopWhenRateLimited } from './rate-limit.js';
import { runProperty, type PropertyOptions } from './property.js';
import type { AssigneesSection, BillingSection, TargetProfile } from '../contracts/target-profile.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// What a check's body is given: the target, its requests, and the named expectations it states
// its verdicts with (harness/check-expectations.ts says which ones go on after a failure).

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
  /** Fails the rule and stops the check: what follows depends on what failed. */
  fail(details: FailureDetails): never;
  /** Fails the rule and goes on: what follows does not depend on it. */
  softFail(details: FailureDetails): void;
  /**
   * Fails `rule` unless the status is one of `expected`. Another status of the same class (200
   * for 201) is recorded and the check goes on; any other stops it.
   */
  expectStatus(reply: Reply, expected: number | readonly number[], rule: RuleId, what: string): void;
  /** Fails `rule` unless the status is a 4xx (any 4xx: the spec names few refusal codes); goes on either way. */
  expectRefused(reply: Reply, rule: RuleId, what: string): void;
  /**
   * expectRefused for a request that breaks `rule` alone, whose refusal credits the rule only
   * beside the same request without the break, taken (`sendUnbroken` sends it while no refusal
   * of the rule is so backed; refused too, the rule is not evaluated, with that reason).
   */
  expectRefusedAgainst(reply: Reply, rule: RuleId, what: string, sendUnbroken: SendUnbroken): Promise<void>;
  /**
   * Records that `rule` is credited on this refusal (expectRefused does it itself): the pass
   * counts only if the same operation takes some request in the run.
   */
  creditRefusal(reply: Reply, rule: RuleId): void;
  /** Fails `rule` unless the body parses as JSON (and stops: nothing else can be read); returns it. */
  expectJson(reply: Reply, rule: RuleId, what: string): unknown;
  /** Validates a value against a contract: each rule it breaks is failed, each that held credited; goes on. */
  expectContract(value: unknown, schemaId: string, reply: Reply, what: string): void;
  /**
   * Credits rules on the exchanges that show them (at least one), with what was judged of them:
   * the only way besides a named expectation that a rule is passed.
   */
  credit(
    rules: RuleId | readonly RuleId[],
    evidence: Reply | Exchange | ReadonlyArray<Reply | Exchange>,
    judged?: string,
  ): void;
  /** Records what was seen where the spec states nothing: information, never a verdict. */
  observe(note: string): void;
  /**
   * Declared rules this run of the check could not evaluate (its setup was refused, a premise
   * did not hold): they are reported skipped with the reason, never passed by this check.
   */
  notTried(rules: readonly RuleId[], reason: string): void;
  /**
   * Whether a case that judges `rules` is to be run: always, but in a run focused on some rules
   * (a self-test job, RunJob.focus), where a case none of whose rules is in focus is left out
   * and its rules reported not tried. For a check made of cases each judging its own rule.
   */
  inFocus(rules: RuleId | readonly RuleId[]): boolean;
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
  /**
   * Runs the predicate on generated values. Every rule the cases break is failed (each shrunk to
   * its smallest case) and the check goes on; an error that is not a verdict (a timeout) stops it.
   */
  property<T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<void>,
    options?: PropertyOptions<T>,
  ): Promise<void>;
}

/** The parts of one running check a context is made of. */
export interface CheckParts {
  target: TargetProfile;
  settings: RunSettings;
  seed: number;
  meta: CheckMeta;
  connection: CheckConnection;
  settling: CheckSettling;
  cleanups: CheckCleanups;
  expectations: Expectations;
  verdicts: RuleVerdicts;
  /** vitest's skip: stops the check as skipped. */
  skip: (reason: string) => never;
  /** The rules a focused run judges (RunJob.focus); none: every rule. */
  focus?: readonly string[];
}

const exchangeOf = (item: Reply | Exchange): Exchange => ('exchange' in item ? item.exchange : item);

export function checkContext(parts: CheckParts): CheckContext {
  const { target, settings, seed, meta, connection, settling, cleanups, expectations: expect, verdicts, focus } = parts;
  /** The rules inFocus left out so far: each reported not tried once. */
  const leftOut = new Set<RuleId>();
  const http = connection.http;
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
    send: async (options) => stopWhenRateLimited(await connection.send(options)),
    billingSend: async (method, path, options = {}) => {
      const { token, ...rest } = options;
      const used = token === null ? undefined : (token ?? ctx.billing.token);
      return stopWhenRateLimited(
        await connection.send({ ...rest, method, path, ...(used !== undefined ? { token: used } : {}) }),
      );
    },
    fail: (details) => expect.fail(details),
    softFail: (details) => expect.softFail(details),
    expectStatus: (reply, expected, rule, what) => expect.expectStatus(reply, expected, rule, what),
    expectRefused: (reply, rule, what) => expect.expectRefused(reply, rule, what),
    expectRefusedAgainst: (reply, rule, what, sendUnbroken) =>
      expect.expectRefusedAgainst(reply, rule, what, sendUnbroken),
    creditRefusal: (reply, rule) => expect.creditRefusal(reply, rule),
    expectJson: (reply, rule, what) => expect.expectJson(reply, rule, what),
    expectContract: (value, schemaId, reply, what) => expect.expectContract(value, schemaId, reply, what),
    credit: (rules, evidence, judged) => {
      const exchanges = [evidence].flat().map(exchangeOf);
      for (const rule of [rules].flat()) verdicts.pass(rule, exchanges, judged);
    },
    observe: (note) => void meta.observations.push(note),
    notTried: (rules, reason) => verdicts.notTried(rules, reason),
    inFocus: (rules) => {
      const judged = [rules].flat();
      if (!focus || judged.some((rule) => focus.includes(rule))) return true;
      const fresh = judged.filter((rule) => !leftOut.has(rule));
      for (const rule of fresh) leftOut.add(rule);
      if (fresh.length > 0) verdicts.notTried(fresh, `outside the run's focus, which is ${focus.join(', ')}`);
      return false;
    },
    settle: (what, read, isVisible) => settling.read(what, read, isVisible),
    skip: (reason) => {
      meta.skipReason = reason;
      return parts.skip(reason);
    },
    defer: (cleanup) => cleanups.add(cleanup),
    exclusive: async (key) => {
      const release = await holdExclusive(`${target.baseUrl} ${key}`);
      http.first = true;
      cleanups.add(async () => {
        await release();
        http.first = false;
      });
    },
    property: async (arbitrary, predicate, options) => {
      const width = settings.slotsPerWorker ?? settings.concurrency;
      const shrink = settings.shrink !== false;
      const runs = options?.numRuns ?? settings.runs;
      const outcome = await runProperty({ arbitrary, predicate, seed, runs, options, width, shrink });
      for (const failure of outcome.failures) {
        const replay = replayOf(failure);
        for (const details of [failure.details, ...failure.alongside])
          verdicts.fail(expect.recordFailure(details, replay));
      }
      if (outcome.error) throw outcome.error;
    },
  };
  return ctx;
}

/** How to replay the case a property failure was found on. */
function replayOf(failure: CheckFailure): Pick<FailureRecord, 'seed' | 'path' | 'counterexample'> {
  return {
    ...(failure.seed !== undefined ? { seed: failure.seed } : {}),
    ...(failure.path !== undefined ? { path: failure.path } : {}),
    ...(failure.counterexample !== undefined ? { counterexample: failure.counterexample } : {}),
  };
}
