import type { PlanStatus } from '../suites/billing/model/plan/model.js';
import type { Finding } from '../judging/finding.js';
import { AssigneesSequence } from './assignees-sequence.js';
import { BillingSequence } from './billing-sequence.js';
import { IdempotencyKeys } from './idempotency-keys.js';
import type { JudgedExchange, RawExchange } from './judge-exchange.js';
import type { StateKnowledge } from './state-breaks.js';

// What a sequence of exchanges shows, as the proxy sees them go by: the billing lifecycle judged
// by the lifecycle model's state tables (billing-sequence.ts), a repeated Platform-Request-Id
// (idempotency-keys.ts), the assignees an add or remove leaves (assignees-sequence.ts). What the
// traffic showed of each plan's and subscription's state is also what the judge of one exchange
// reads its state-dependent rules by (state-breaks.ts).

export class SequenceJudge implements StateKnowledge {
  private readonly billing = new BillingSequence();
  private readonly keys = new IdempotencyKeys();
  private readonly assignees = new AssigneesSequence();

  planStatus(id: string): PlanStatus | undefined {
    return this.billing.planStatus(id);
  }

  subscriptionStatus(id: string): string | undefined {
    return this.billing.subscriptionStatus(id);
  }

  judge(judged: JudgedExchange, raw: RawExchange): Finding[] {
    return [...this.billing.judge(judged, raw), ...this.keys.judge(judged, raw), ...this.assignees.judge(judged, raw)];
  }
}
