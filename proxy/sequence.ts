import { createHash } from 'node:crypto';
import { segmentsOf, valueAtPointer } from '../contracts/json-pointer.js';
import type { Finding, JudgedExchange, RawExchange } from './judge-exchange.js';
import { isRuleId, type RuleId } from '../contracts/rules/rule-ids.js';
import { pathParams } from '../contracts/operations.js';
import { shows } from '../contracts/written-shown.js';

// What a sequence of exchanges shows, as the proxy sees them go by: a plan read after a taken
// patch shows the patched value, after activate it is ACTIVE; a new subscription awaits
// approval; a subscription on a CREATED or INACTIVE plan is refused; a repeated
// Platform-Request-Id creates nothing new; an assignee added by a caller with push access is in
// the issue returned. Plans and subscriptions are followed only when the proxy saw them created,
// so that another client's writes, which the proxy does not see, cannot make an expectation stale.

type Json = unknown;

interface Expectation {
  /** JSON Pointer into the resource as shown. */
  pointer: string;
  value: Json;
  rule: RuleId;
  /** What led to it, for the message. */
  because: string;
}

interface Followed {
  /** The status the resource must have now, as far as the proxy knows (shown, or a transition taken). */
  status?: string;
  pending: Expectation[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path parameters of the exchange's request, read as its operation's template names them. */
const paramsOf = (judged: JudgedExchange, raw: RawExchange): Partial<Record<string, string>> => (judged.operation ? pathParams(judged.operation, raw.target) : undefined) ?? {};

/** The member a JSON Pointer ends in: how a read-back of it may show the value (decimal, instant). */
const memberOf = (pointer: string): string => segmentsOf(pointer).pop() ?? '';

const known = (rule: string): rule is RuleId => isRuleId(rule);
const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status <= 299;
const refused = (status: number | undefined): boolean => status !== undefined && status >= 400 && status <= 499;

/** The patch operations of a JSON Patch body that set a value (add, replace). */
function settingOps(body: Json): Array<{ op: string; path: string; value: Json }> {
  if (!Array.isArray(body)) return [];
  return body.filter((op): op is { op: string; path: string; value: Json } => isObject(op) && (op.op === 'add' || op.op === 'replace') && typeof op.path === 'string' && 'value' in op);
}

function linksOf(body: Json): Array<{ rel?: unknown }> {
  return isObject(body) && Array.isArray(body.links) ? (body.links as Array<{ rel?: unknown }>) : [];
}

function loginsOf(issue: Json): string[] | undefined {
  if (!isObject(issue) || !Array.isArray(issue.assignees)) return undefined;
  return issue.assignees.flatMap((user) => (isObject(user) && typeof user.login === 'string' ? [user.login.toLowerCase()] : []));
}

function namedIn(body: Json): string[] {
  return isObject(body) && Array.isArray(body.assignees) ? body.assignees.filter((name): name is string => typeof name === 'string').map((name) => name.toLowerCase()) : [];
}

export class SequenceJudge {
  private readonly plans = new Map<string, Followed>();
  private readonly subscriptions = new Map<string, Followed>();
  private readonly keys = new Map<string, { body: string; id: string }>();
  /** Per repository (owner lower case / repo): who can be assigned and who cannot. */
  private readonly assignable = new Map<string, Set<string>>();
  private readonly notAssignable = new Map<string, Set<string>>();
  /** Callers (a digest of their Authorization header) seen changing assignees: they have push access. */
  private readonly pushCallers = new Set<string>();
  /** The assignees of each issue as last returned. */
  private readonly issueAssignees = new Map<string, string[]>();

  judge(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const operation = judged.operation?.name;
    if (!operation || judged.client.length > 0) return [];
    const { id } = paramsOf(judged, raw);
    switch (operation) {
      case 'create plan':
        return this.createPlan(judged, raw);
      case 'update plan':
        return this.patched(this.plans, id, judged, raw, 'plan');
      case 'activate plan':
      case 'deactivate plan':
        return this.planTransition(operation, id, raw);
      case 'show plan':
        return this.shown(this.plans, id, judged, raw, 'show plan');
      case 'create subscription':
        return this.createSubscription(judged, raw);
      case 'update subscription':
        return this.patched(this.subscriptions, id, judged, raw, 'subscription');
      case 'show subscription':
        return this.shown(this.subscriptions, id, judged, raw, 'show subscription');
      case 'list assignees':
      case 'check assignee':
      case 'check issue assignee':
        this.learnAssignable(operation, raw, judged, paramsOf(judged, raw));
        return [];
      case 'add assignees':
      case 'remove assignees':
        return this.assigneesChanged(operation, raw, judged, paramsOf(judged, raw));
      default:
        return [];
    }
  }

  /** A repeated Platform-Request-Id with the same body: the same resource, never a second one. */
  private idempotent(operation: 'create plan' | 'create subscription', judged: JudgedExchange, raw: RawExchange, id: string): Finding[] {
    const key = raw.requestHeaders['platform-request-id'];
    if (!key) return [];
    const body = JSON.stringify(judged.requestJson ?? null);
    const earlier = this.keys.get(`${operation} ${key}`);
    if (!earlier) {
      this.keys.set(`${operation} ${key}`, { body, id });
      return [];
    }
    if (earlier.body !== body) return [];
    const prefix = operation === 'create plan' ? 'billing.create-plan' : 'billing.create-subscription';
    if (earlier.id === id) return [{ rule: `${prefix}.idempotency-key`, held: true }, { rule: `${prefix}.idempotency-replay`, held: true }];
    return [
      {
        rule: `${prefix}.idempotency-key`,
        held: false,
        message: `${operation} repeated with Platform-Request-Id ${key} and the same body created ${id} beside ${earlier.id}`,
        expected: `no second resource (${earlier.id} again)`,
        received: `a new id ${id}`,
      },
    ];
  }

  private createPlan(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const answer = judged.responseJson;
    if (!ok(raw.status) || !isObject(answer) || typeof answer.id !== 'string') return [];
    const request = isObject(judged.requestJson) ? judged.requestJson : {};
    const findings = this.idempotent('create plan', judged, raw, answer.id);
    const requested = typeof request.status === 'string' ? request.status : 'ACTIVE';
    const statusRule = typeof request.status === 'string' ? 'billing.create-plan.requested-status' : 'billing.plan.status.default-active';
    const because = typeof request.status === 'string' ? `created with status ${requested}` : 'created without a status (default ACTIVE)';
    if (typeof answer.status === 'string') findings.push(this.compare(statusRule, answer.status, requested, `create plan: the new plan ${because}`));
    const pending: Expectation[] = [{ pointer: '/status', value: requested, rule: statusRule, because }];
    if (typeof request.product_id === 'string') pending.push({ pointer: '/product_id', value: request.product_id, rule: 'billing.plan.product_id.refers-to-product', because: `created for ${request.product_id}` });
    this.plans.set(answer.id, { status: requested, pending });
    return findings;
  }

  private createSubscription(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const request = isObject(judged.requestJson) ? judged.requestJson : {};
    const plan = typeof request.plan_id === 'string' ? this.plans.get(request.plan_id) : undefined;
    const findings: Finding[] = [];
    if (plan?.status === 'CREATED' || plan?.status === 'INACTIVE') {
      const rule = plan.status === 'CREATED' ? 'billing.plan-state.created-refuses-subscriptions' : 'billing.plan-state.inactive-refuses-subscriptions';
      if (ok(raw.status)) findings.push({ rule, held: false, message: `create subscription on a ${plan.status} plan was taken`, expected: 'a refusal (4xx)', received: `status ${raw.status}` });
      else if (refused(raw.status)) findings.push({ rule, held: true });
    } else if (plan?.status === 'ACTIVE' && ok(raw.status)) findings.push({ rule: 'billing.plan-state.active-accepts-subscriptions', held: true });
    const answer = judged.responseJson;
    if (!ok(raw.status) || !isObject(answer) || typeof answer.id !== 'string') return findings;
    findings.push(...this.idempotent('create subscription', judged, raw, answer.id));
    if (typeof answer.status === 'string') findings.push(this.compare('billing.create-subscription.approval-pending', answer.status, 'APPROVAL_PENDING', 'create subscription: the new subscription'));
    if (Array.isArray(answer.links)) {
      const approve = linksOf(answer).some((link) => link.rel === 'approve');
      findings.push(approve ? { rule: 'billing.create-subscription.approve-link', held: true } : { rule: 'billing.create-subscription.approve-link', held: false, message: 'create subscription answered without a link with rel approve', expected: 'a link with rel approve', received: `rels ${linksOf(answer).map((link) => String(link.rel)).join(', ') || '(none)'}` });
    }
    this.subscriptions.set(answer.id, { status: typeof answer.status === 'string' ? answer.status : 'APPROVAL_PENDING', pending: [] });
    return findings;
  }

  /** A taken patch: each value it set must show on the next read, the status must not move. */
  private patched(followed: Map<string, Followed>, id: string | undefined, judged: JudgedExchange, raw: RawExchange, kind: 'plan' | 'subscription'): Finding[] {
    const resource = id ? followed.get(id) : undefined;
    if (!resource || raw.status !== 204) return [];
    for (const op of settingOps(judged.requestJson)) {
      if (op.path.includes('@')) continue;
      const dotted = segmentsOf(op.path).join('.');
      const rule = kind === 'plan' ? `billing.update-plan.replace.${dotted}` : `billing.update-subscription.patch.${dotted}`;
      if (!known(rule) || (kind === 'plan' && op.op !== 'replace')) continue;
      resource.pending = resource.pending.filter((expectation) => expectation.pointer !== op.path);
      resource.pending.push({ pointer: op.path, value: op.value, rule, because: `a ${op.op} of ${op.path} answered 204` });
    }
    const steady = kind === 'plan' ? ['CREATED', 'ACTIVE'] : ['ACTIVE', 'SUSPENDED'];
    if (resource.status && steady.includes(resource.status)) {
      const rule = kind === 'plan' ? 'billing.update-plan.status-unchanged' : 'billing.update-subscription.status-unchanged';
      resource.pending = resource.pending.filter((expectation) => expectation.pointer !== '/status');
      resource.pending.push({ pointer: '/status', value: resource.status, rule, because: `an update of the ${resource.status} ${kind} answered 204` });
    }
    return [];
  }

  private planTransition(operation: 'activate plan' | 'deactivate plan', id: string | undefined, raw: RawExchange): Finding[] {
    const plan = id ? this.plans.get(id) : undefined;
    if (!plan || raw.status !== 204) return [];
    const to = operation === 'activate plan' ? 'ACTIVE' : 'INACTIVE';
    plan.status = to;
    plan.pending = plan.pending.filter((expectation) => expectation.pointer !== '/status');
    plan.pending.push({ pointer: '/status', value: to, rule: operation === 'activate plan' ? 'billing.activate-plan.to-active' : 'billing.deactivate-plan.to-inactive', because: `${operation} answered 204` });
    return [];
  }

  /** A read of a followed resource: what was expected of it holds, and what it shows is now known. */
  private shown(followed: Map<string, Followed>, id: string | undefined, judged: JudgedExchange, raw: RawExchange, what: string): Finding[] {
    const resource = id ? followed.get(id) : undefined;
    const shown = judged.responseJson;
    if (!resource || raw.status !== 200 || !isObject(shown)) return [];
    const findings = resource.pending.map((expectation) => this.compare(expectation.rule, valueAtPointer(shown, expectation.pointer) as Json, expectation.value, `${what} after ${expectation.because}: ${expectation.pointer}`, memberOf(expectation.pointer)));
    resource.pending = [];
    if (typeof shown.status === 'string') resource.status = shown.status;
    return findings;
  }

  /** `member`: the member the value is in, for how it may be shown (decimal text, instants). */
  private compare(rule: RuleId, actual: Json, expected: Json, what: string, member = ''): Finding {
    if (shows(expected, actual, member)) return { rule, held: true };
    return { rule, held: false, message: `${what} is ${JSON.stringify(actual) ?? 'absent'}`, expected: JSON.stringify(expected), received: JSON.stringify(actual) ?? 'absent' };
  }

  /** The repository of a request, or undefined when its path does not name one readably. */
  private repoOf(params: Partial<Record<string, string>>): string | undefined {
    return params.owner !== undefined && params.repo !== undefined ? `${params.owner.toLowerCase()}/${params.repo}` : undefined;
  }

  private setOf(map: Map<string, Set<string>>, repo: string): Set<string> {
    let set = map.get(repo);
    if (!set) map.set(repo, (set = new Set()));
    return set;
  }

  private learnAssignable(operation: string, raw: RawExchange, judged: JudgedExchange, params: Partial<Record<string, string>>): void {
    const repo = this.repoOf(params);
    if (repo === undefined) return;
    if (operation === 'list assignees' && raw.status === 200 && Array.isArray(judged.responseJson)) {
      for (const user of judged.responseJson) if (isObject(user) && typeof user.login === 'string') this.setOf(this.assignable, repo).add(user.login.toLowerCase());
      return;
    }
    if (params.assignee === undefined) return;
    const login = params.assignee.toLowerCase();
    if (raw.status === 204) this.setOf(this.assignable, repo).add(login);
    // A 404 means "cannot be assigned" only for a repository known to exist.
    else if (raw.status === 404 && this.assignable.has(repo)) this.setOf(this.notAssignable, repo).add(login);
  }

  private assigneesChanged(operation: 'add assignees' | 'remove assignees', raw: RawExchange, judged: JudgedExchange, params: Partial<Record<string, string>>): Finding[] {
    const expectedStatus = operation === 'add assignees' ? 201 : 200;
    const after = loginsOf(judged.responseJson);
    const repo = this.repoOf(params);
    const number = params.issue_number;
    if (raw.status !== expectedStatus || after === undefined || repo === undefined || number === undefined) return [];
    const issueKey = `${repo}#${number}`;
    const caller = raw.requestHeaders.authorization ? createHash('sha256').update(raw.requestHeaders.authorization).digest('hex').slice(0, 16) : 'anonymous';
    const named = namedIn(judged.requestJson);
    const before = this.issueAssignees.get(issueKey);
    const findings: Finding[] = [];
    const rulePrefix = operation === 'add assignees' ? 'assignees.add' : 'assignees.remove';
    if (isObject(judged.responseJson) && known(`${rulePrefix}.returns-issue`)) {
      const returned = judged.responseJson.number;
      findings.push(String(returned) === number ? { rule: `${rulePrefix}.returns-issue`, held: true } : { rule: `${rulePrefix}.returns-issue`, held: false, message: `${operation} on issue ${number} returned issue ${String(returned)}`, expected: `issue ${number}`, received: `issue ${String(returned)}` });
    }
    if (operation === 'add assignees') {
      for (const login of named.filter((name) => this.notAssignable.get(repo)?.has(name))) {
        findings.push(after.includes(login) ? { rule: 'assignees.add.ignores-not-assignable', held: false, message: `add assignees assigned ${login}, who cannot be assigned (check answered 404)`, expected: `${login} not assigned`, received: `assignees ${after.join(', ')}` } : { rule: 'assignees.add.ignores-not-assignable', held: true });
      }
      if (this.pushCallers.has(caller)) {
        for (const login of named.filter((name) => this.assignable.get(repo)?.has(name))) {
          findings.push(after.includes(login) ? { rule: 'assignees.add.adds-named', held: true } : { rule: 'assignees.add.adds-named', held: false, message: `add assignees by a caller with push access left out ${login}, who can be assigned`, expected: `${login} among the assignees`, received: `assignees ${after.join(', ') || '(none)'}` });
        }
      }
      if (before && named.some((login) => !before.includes(login) && after.includes(login))) this.pushCallers.add(caller);
    } else {
      if (this.pushCallers.has(caller)) {
        for (const login of named) {
          findings.push(!after.includes(login) ? { rule: 'assignees.remove.removes-named', held: true } : { rule: 'assignees.remove.removes-named', held: false, message: `remove assignees by a caller with push access kept ${login}`, expected: `${login} not among the assignees`, received: `assignees ${after.join(', ')}` });
        }
      }
      if (before && named.some((login) => before.includes(login) && !after.includes(login))) this.pushCallers.add(caller);
    }
    this.issueAssignees.set(issueKey, after);
    return findings.filter((finding) => known(finding.rule));
  }
}
