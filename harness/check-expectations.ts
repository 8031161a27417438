import type { Reply } from './exchange.js';
import { CheckFailure, type FailureDetails } from './failure.js';
import type { CheckMeta, FailureRecord, Side } from './check-meta.js';
import { keptByCase } from './case-scope.js';
import { causeOf, checkContract, receivedOf } from './contract-check.js';
import { describeStatus, howAnswered } from './describe.js';
import type { RuleVerdicts } from './rule-verdicts.js';
import { ruleById } from '../contracts/rules/index.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// The named expectations a check states its verdicts with. Each one that holds credits its rule
// on the exchange it judged; each one that fails records the failure. A failure the check can go
// on from (an answer's member of the wrong shape, a refusal that did not come, a success status
// other than the one stated) is recorded and the check goes on judging; one the rest of the check
// depends on (no JSON to read, a refusal where a success was needed) stops it.

/** Turns what a check saw into the record the report shows (re-run line, curl, replay). */
export type RecordFailure = (
  details: FailureDetails,
  replay?: Pick<FailureRecord, 'seed' | 'path' | 'counterexample'>,
) => FailureRecord;

/** The declared media type when it is not JSON (an HTML error page, a proxy's text). */
function declaredType(reply: Reply): string {
  const type = reply.headers['content-type'];
  return type === undefined ? ' (no content-type)' : /json/i.test(type) ? '' : ` (content-type ${type})`;
}

function notJson(reply: Reply): string {
  return reply.text === '' ? 'no body' : `an unparsable body (${reply.jsonError ?? 'not JSON'})`;
}

const statusClass = (status: number): number => Math.floor(status / 100);

/** Sends the same request as a refused one without its break; undefined when there is none to send. */
export type SendUnbroken = (() => Promise<Reply>) | undefined;

export class Expectations {
  /** Rules a refusal was credited for beside the same request without its break, taken. */
  private readonly unbrokenTaken = new Set<RuleId>();

  constructor(
    private readonly verdicts: RuleVerdicts,
    private readonly meta: CheckMeta,
    private readonly record: RecordFailure,
  ) {}

  /** The record of a failure the check found, as the report shows it. */
  recordFailure(
    details: FailureDetails,
    replay?: Pick<FailureRecord, 'seed' | 'path' | 'counterexample'>,
  ): FailureRecord {
    return this.record(details, replay);
  }

  fail(details: FailureDetails): never {
    throw new CheckFailure(details);
  }

  /** Records the failure and goes on; inside a property case, the case fails once it is done. */
  softFail(details: FailureDetails): void {
    if (keptByCase(details)) return;
    this.verdicts.fail(this.record(details));
  }

  pass(rule: RuleId, reply: Reply, judged: string, side?: Side): void {
    this.verdicts.pass(rule, [reply.exchange], judged, side);
  }

  expectStatus(reply: Reply, expected: number | readonly number[], rule: RuleId, what: string): void {
    const allowed = typeof expected === 'number' ? [expected] : expected;
    if (allowed.includes(reply.status)) return this.pass(rule, reply, `status ${reply.status}`, 'response');
    const details: FailureDetails = {
      rule,
      message: `${what}: status ${reply.status}`,
      expected: `status ${allowed.join(' or ')}`,
      received: describeStatus(reply),
      exchanges: [reply.exchange],
      side: 'response',
    };
    // Another status of the same class (200 for 201): the answer is still of the kind the check
    // reads on; any other (a refusal for a success) leaves nothing for the rest of it to judge.
    if (allowed.some((status) => statusClass(status) === statusClass(reply.status))) this.softFail(details);
    else this.fail(details);
  }

  expectRefused(reply: Reply, rule: RuleId, what: string): void {
    if (this.notRefused(reply, rule, what)) return;
    this.creditRefusal(reply, rule);
  }

  /**
   * Fails `rule` unless the request that breaks it was refused; a refusal credits it only beside
   * the same request without the break, taken: a server that refuses the request for something
   * else (a member it requires beyond the spec) shows nothing of the rule. While no refusal of
   * `rule` is so backed, `sendUnbroken` is called; refused too, the rule is not evaluated.
   */
  async expectRefusedAgainst(reply: Reply, rule: RuleId, what: string, sendUnbroken: SendUnbroken): Promise<void> {
    if (this.notRefused(reply, rule, what)) return;
    if (this.unbrokenTaken.has(rule)) return this.pass(rule, reply, `refused with ${reply.status}`, 'request');
    // a break no valid request is known for: the operation taking some request in the run must do
    if (!sendUnbroken) return this.creditRefusal(reply, rule);
    const unbroken = await sendUnbroken();
    if (unbroken.status >= 200 && unbroken.status <= 299) {
      this.unbrokenTaken.add(rule);
      const judged = `refused with ${reply.status}; without the break, taken (${unbroken.status})`;
      this.verdicts.pass(rule, [reply.exchange, unbroken.exchange], judged, 'request');
      return;
    }
    const how = unbroken.status >= 400 && unbroken.status <= 499 ? 'refused too' : 'not taken either';
    this.verdicts.notTried(
      [rule],
      `not evaluated: the request without the break was ${how} (status ${unbroken.status})`,
    );
  }

  /** Fails `rule` (and goes on) when `reply` is no 4xx; says whether it failed. */
  private notRefused(reply: Reply, rule: RuleId, what: string): boolean {
    if (reply.status < 400 || reply.status > 499) {
      this.softFail({
        rule,
        message: `${what}: the request was not refused`,
        expected: 'a 4xx refusal',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
        cause: `${reply.operation ?? reply.exchange.request.method} took a request that breaks it`,
        side: 'request',
      });
      return true;
    }
    return false;
  }

  creditRefusal(reply: Reply, rule: RuleId): void {
    this.pass(rule, reply, howAnswered(reply), 'request');
    const operation = reply.operation;
    if (operation === undefined) return;
    // A 401 or 403 refuses for the credential, which is what an auth rule asks; a route the
    // server does not serve answers 404 or 405, never that.
    if ((reply.status === 401 || reply.status === 403) && ruleById(rule)?.kind === 'auth') return;
    const refusals = (this.meta.refusals ??= []);
    if (!refusals.some((known) => known.rule === rule && known.operation === operation))
      refusals.push({ rule, operation });
  }

  expectJson(reply: Reply, rule: RuleId, what: string): unknown {
    if (reply.json === undefined) {
      this.fail({
        rule,
        message: `${what}: the body is not JSON${declaredType(reply)}`,
        expected: 'a JSON body',
        received: notJson(reply),
        exchanges: [reply.exchange],
        side: 'response',
      });
    }
    this.pass(rule, reply, 'a JSON body', 'response');
    return reply.json;
  }

  /** Every rule the contract evaluated on `value` is judged: those that held credited, each broken one failed. */
  expectContract(value: unknown, schemaId: string, reply: Reply, what: string): void {
    const outcome = checkContract(schemaId, value);
    for (const rule of outcome.rules) this.verdicts.pass(rule, [reply.exchange], outcome.judged.get(rule), 'response');
    if (outcome.violations.length === 0) return;
    // A body that did not parse reaches here as undefined: say that, not "an undefined".
    const unparsed = value === undefined && reply.json === undefined;
    const expected = `a body matching ${schemaId.replace(/^.*\/schemas\//, '')}`;
    for (const violation of outcome.violations) {
      this.softFail({
        rule: violation.ruleId,
        message: unparsed ? `${what}: the body is not JSON${declaredType(reply)}` : `${what}: ${violation.message}`,
        expected,
        received: unparsed ? notJson(reply) : receivedOf(violation, value),
        exchanges: [reply.exchange],
        cause: unparsed ? 'the body is not JSON' : causeOf(violation, value),
        side: 'response',
      });
    }
  }
}
