import type { RuleId } from '../contracts/rules/rule-ids.js';
import { broken, held, type Finding } from '../judging/finding.js';
import type { JudgedExchange, RawExchange } from './judge-exchange.js';

// billing.md, Endpoints: "Header Platform-Request-Id (string) is an idempotency key on create
// plan, create subscription". A create repeated with the same key and body creates no second
// resource: another id fails the key rule. The same id again credits the key and replay rules,
// but only once two different keys were seen to create two different resources: a server that
// answers one id to every create would pass otherwise.

type Create = 'create plan' | 'create subscription';

const RULES: Readonly<Record<Create, { key: RuleId; replay: RuleId }>> = {
  'create plan': { key: 'billing.create-plan.idempotency-key', replay: 'billing.create-plan.idempotency-replay' },
  'create subscription': {
    key: 'billing.create-subscription.idempotency-key',
    replay: 'billing.create-subscription.idempotency-replay',
  },
};

export class IdempotencyKeys {
  private readonly first = new Map<string, { body: string; id: string }>();
  /** Per operation, the ids the first use of each key created. */
  private readonly distinct = new Map<Create, Set<string>>();

  judge(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const operation = judged.operation?.name;
    if (operation !== 'create plan' && operation !== 'create subscription') return [];
    const key = raw.requestHeaders['platform-request-id'];
    const answer = judged.responseJson as { id?: unknown } | undefined;
    const id = typeof answer?.id === 'string' ? answer.id : undefined;
    if (
      !key ||
      id === undefined ||
      judged.client.length > 0 ||
      raw.status === undefined ||
      raw.status < 200 ||
      raw.status > 299
    )
      return [];
    const body = JSON.stringify(judged.requestJson ?? null);
    const earlier = this.first.get(`${operation} ${key}`);
    if (!earlier) {
      this.first.set(`${operation} ${key}`, { body, id });
      const ids = this.distinct.get(operation) ?? new Set<string>();
      this.distinct.set(operation, ids.add(id));
      return [];
    }
    if (earlier.body !== body) return [];
    const rules = RULES[operation];
    if (earlier.id !== id) {
      return [
        broken(
          rules.key,
          `${operation} repeated with Platform-Request-Id ${key} and the same body created ${id} beside ${earlier.id}`,
          `no second resource (${earlier.id} again)`,
          `a new id ${id}`,
        ),
      ];
    }
    return (this.distinct.get(operation)?.size ?? 0) >= 2 ? [held(rules.key), held(rules.replay)] : [];
  }
}
