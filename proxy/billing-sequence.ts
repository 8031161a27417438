import { segmentsOf, valueAtPointer } from '../contracts/json-pointer.js';
import { pathParams } from '../contracts/operations.js';
import { isRuleId, type RuleId } from '../contracts/rules/rule-ids.js';
import { shows } from '../contracts/written-shown.js';
import { broken, held, type Finding } from '../judging/finding.js';
import { isPlanStatus, type PlanStatus } from '../suites/billing/model/plan/model.js';
import {
  ACTIVATE_PLAN,
  createdPlanStatus,
  DEACTIVATE_PLAN,
  subscriptionsOnPlan,
  UPDATE_KEEPS_STATE as PLAN_KEEPS,
} from '../suites/billing/model/plan/state-table.js';
import {
  NEW_SUBSCRIPTION,
  UPDATE_KEEPS_STATE as SUBSCRIPTION_KEEPS,
} from '../suites/billing/model/subscription/state-table.js';
import type { JudgedExchange, RawExchange } from './judge-exchange.js';
import type { StateKnowledge } from './state-breaks.js';
import { isObject } from '../contracts/json-value.js';

// What a sequence of billing exchanges shows, judged by the lifecycle model's state tables (the
// ones `run`'s lifecycle commands follow): a new plan has the requested status (ACTIVE by
// default), activate leads to ACTIVE and deactivate to INACTIVE, an update of a CREATED or
// ACTIVE plan leaves its status, a subscription on an ACTIVE plan is taken and starts
// APPROVAL_PENDING with an approve link, and a value a taken patch set shows on the next read.
// Plans and subscriptions are followed only from their creation on, and their state is what the
// traffic showed: a transition whose result the spec does not state (suspend, cancel, activate,
// capture, revise, a status update of an INACTIVE plan) leaves it unknown until the next read.

interface Expectation {
  /** JSON Pointer into the resource as shown. */
  pointer: string;
  value: unknown;
  rule: RuleId;
  /** What led to it, for the message. */
  because: string;
}

interface Followed {
  status?: string;
  pending: Expectation[];
}

const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status <= 299;
const memberOf = (pointer: string): string => segmentsOf(pointer).pop() ?? '';

/** The operations of a JSON Patch body that set a value (add, replace). */
function settingOps(body: unknown): Array<{ op: string; path: string; value: unknown }> {
  if (!Array.isArray(body)) return [];
  return body.filter(
    (op): op is { op: string; path: string; value: unknown } =>
      isObject(op) && (op.op === 'add' || op.op === 'replace') && typeof op.path === 'string' && 'value' in op,
  );
}

/** `member`: the member the value is in, for how it may be shown (decimal text, instants). */
function compare(rule: RuleId, actual: unknown, expected: unknown, what: string, member = ''): Finding {
  if (shows(expected, actual, member)) return held(rule);
  return broken(
    rule,
    `${what} is ${JSON.stringify(actual) ?? 'absent'}`,
    JSON.stringify(expected),
    JSON.stringify(actual) ?? 'absent',
  );
}

export class BillingSequence implements StateKnowledge {
  private readonly plans = new Map<string, Followed>();
  private readonly subscriptions = new Map<string, Followed>();

  planStatus(id: string): PlanStatus | undefined {
    const status = this.plans.get(id)?.status;
    return isPlanStatus(status) ? status : undefined;
  }

  subscriptionStatus(id: string): string | undefined {
    return this.subscriptions.get(id)?.status;
  }

  judge(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const operation = judged.operation;
    if (!operation || operation.api !== 'billing') return [];
    const id = pathParams(operation, raw.target)?.id;
    switch (operation.name) {
      case 'create plan':
        return this.createPlan(judged, raw);
      case 'create subscription':
        return this.createSubscription(judged, raw);
      case 'update plan':
        return this.patched('plan', id, judged, raw);
      case 'update subscription':
        return this.patched('subscription', id, judged, raw);
      case 'activate plan':
      case 'deactivate plan':
        return this.planTransition(operation.name === 'activate plan' ? ACTIVATE_PLAN : DEACTIVATE_PLAN, id, raw);
      case 'show plan':
        return this.shown(this.plans, id, judged, raw, 'show plan');
      case 'show subscription':
        return this.shown(this.subscriptions, id, judged, raw, 'show subscription');
      case 'suspend subscription':
      case 'cancel subscription':
      case 'activate subscription':
      case 'capture payment':
      case 'revise subscription':
        // "Transitions for suspend, cancel, activate and capture ...: not shown"; revise "target: not shown"
        if (id && ok(raw.status)) this.forget(this.subscriptions, id);
        return [];
      default:
        return [];
    }
  }

  private forget(followed: Map<string, Followed>, id: string): void {
    const resource = followed.get(id);
    if (resource) resource.status = undefined;
  }

  private createPlan(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const answer = judged.responseJson;
    if (judged.client.length > 0 || !ok(raw.status) || !isObject(answer) || typeof answer.id !== 'string') return [];
    const request = isObject(judged.requestJson) ? judged.requestJson : {};
    const requested = request.status === 'CREATED' || request.status === 'ACTIVE' ? request.status : undefined;
    const { status, rule } = createdPlanStatus(requested);
    const because = requested ? `created with status ${requested}` : 'created without a status (default ACTIVE)';
    const findings =
      typeof answer.status === 'string'
        ? [compare(rule, answer.status, status, `create plan: the new plan ${because}`)]
        : [];
    const pending: Expectation[] = [{ pointer: '/status', value: status, rule, because }];
    if (typeof request.product_id === 'string')
      pending.push({
        pointer: '/product_id',
        value: request.product_id,
        rule: 'billing.plan.product_id.refers-to-product',
        because: `created for ${request.product_id}`,
      });
    this.plans.set(answer.id, { status, pending });
    return findings;
  }

  private createSubscription(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const request = isObject(judged.requestJson) ? judged.requestJson : {};
    const planStatus = typeof request.plan_id === 'string' ? this.planStatus(request.plan_id) : undefined;
    const findings: Finding[] = [];
    // a refusal on a plan that is not ACTIVE is judged with the request (state-breaks.ts)
    if (planStatus && subscriptionsOnPlan(planStatus).taken && ok(raw.status))
      findings.push(held(subscriptionsOnPlan(planStatus).rule));
    const answer = judged.responseJson;
    if (judged.client.length > 0 || !ok(raw.status) || !isObject(answer) || typeof answer.id !== 'string')
      return findings;
    if (typeof answer.status === 'string')
      findings.push(
        compare(
          NEW_SUBSCRIPTION.rule,
          answer.status,
          NEW_SUBSCRIPTION.status,
          'create subscription: the new subscription',
        ),
      );
    if (Array.isArray(answer.links)) {
      const rels = answer.links.map((link) => (isObject(link) ? String(link.rel) : String(link)));
      const rule = NEW_SUBSCRIPTION.approveLinkRule;
      findings.push(
        rels.includes('approve')
          ? held(rule)
          : broken(
              rule,
              'create subscription answered without a link with rel approve',
              'a link with rel approve',
              `rels ${rels.join(', ') || '(none)'}`,
            ),
      );
    }
    this.subscriptions.set(answer.id, {
      status: typeof answer.status === 'string' ? answer.status : NEW_SUBSCRIPTION.status,
      pending: [],
    });
    return findings;
  }

  /**
   * A taken patch: each value it set must show on the next read; where the state table says so,
   * the status must not move.
   */
  private patched(
    kind: 'plan' | 'subscription',
    id: string | undefined,
    judged: JudgedExchange,
    raw: RawExchange,
  ): Finding[] {
    const resource = id ? (kind === 'plan' ? this.plans : this.subscriptions).get(id) : undefined;
    if (!resource || raw.status !== 204 || judged.client.length > 0) return [];
    const keeps = kind === 'plan' ? PLAN_KEEPS : SUBSCRIPTION_KEEPS;
    const steady = resource.status !== undefined && keeps.states.includes(resource.status);
    for (const op of settingOps(judged.requestJson)) {
      if (op.path.includes('@')) continue;
      if (kind === 'plan' && op.path === '/status') {
        // "INACTIVE | Update plan | only status updates allowed | per the update": no rule states the result
        resource.status = undefined;
        continue;
      }
      const prefix = kind === 'plan' ? 'billing.update-plan.replace' : 'billing.update-subscription.patch';
      const rule = `${prefix}.${segmentsOf(op.path).join('.')}`;
      if (!isRuleId(rule) || (kind === 'plan' && op.op !== 'replace')) continue;
      resource.pending = resource.pending.filter((expectation) => expectation.pointer !== op.path);
      resource.pending.push({
        pointer: op.path,
        value: op.value,
        rule,
        because: `a ${op.op} of ${op.path} answered 204`,
      });
    }
    if (steady) {
      resource.pending = resource.pending.filter((expectation) => expectation.pointer !== '/status');
      resource.pending.push({
        pointer: '/status',
        value: resource.status,
        rule: keeps.rule,
        because: `an update of the ${resource.status} ${kind} answered 204`,
      });
    }
    return [];
  }

  private planTransition(action: typeof ACTIVATE_PLAN, id: string | undefined, raw: RawExchange): Finding[] {
    const plan = id ? this.plans.get(id) : undefined;
    if (!plan || raw.status !== 204) return [];
    plan.status = action.next;
    plan.pending = plan.pending.filter((expectation) => expectation.pointer !== '/status');
    plan.pending.push({
      pointer: '/status',
      value: action.next,
      rule: action.nextStateRule,
      because: `${action.action} plan answered 204`,
    });
    return [];
  }

  /** A read of a followed resource: what was expected of it holds, and what it shows is now known. */
  private shown(
    followed: Map<string, Followed>,
    id: string | undefined,
    judged: JudgedExchange,
    raw: RawExchange,
    what: string,
  ): Finding[] {
    const resource = id ? followed.get(id) : undefined;
    const shown = judged.responseJson;
    if (!resource || raw.status !== 200 || !isObject(shown)) return [];
    const findings = resource.pending.map((expectation) =>
      compare(
        expectation.rule,
        valueAtPointer(shown, expectation.pointer),
        expectation.value,
        `${what} after ${expectation.because}: ${expectation.pointer}`,
        memberOf(expectation.pointer),
      ),
    );
    resource.pending = [];
    resource.status = typeof shown.status === 'string' ? shown.status : undefined;
    return findings;
  }
}
