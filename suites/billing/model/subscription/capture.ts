// Capture authorized payment: "202, empty object". Its source and resulting states are not
// shown, so a refusal is recorded; an acceptance must be 202 with {}.

import type { Reply } from '../../../../harness/exchange.js';
import { brief, noteOnce, outcomeOf, subscriptionPath } from '../../support/api.js';
import { SETUP_CURRENCY } from '../../support/setup-bodies.js';
import {
  applies,
  readStatus,
  stateName,
  subscriptionLabel,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';

export class CaptureCommand implements SubscriptionCommand {
  constructor(
    readonly index: number,
    readonly amount: string,
  ) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  async run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const { ctx } = real;
    const entry = model.subscriptions[this.index];
    const before = entry.status;
    const reply = await ctx.billingSend('POST', subscriptionPath(real.ids[this.index], 'capture'), {
      json: {
        note: `${ctx.settings.runId} capture in a lifecycle scenario`,
        capture_type: 'OUTSTANDING_BALANCE',
        amount: { currency_code: SETUP_CURRENCY, value: this.amount },
      },
    });
    const outcome = outcomeOf(reply, 'capture');
    if (outcome === 'accepted') expectCaptureAccepted(real, reply);
    const { status } = await readStatus(real, this.index);
    noteOnce(
      ctx,
      outcome === 'accepted'
        ? `capture from ${stateName(before)}: accepted (202), then ${stateName(status)}`
        : `capture from ${stateName(before)}: refused with ${reply.status}`,
    );
    entry.status = status;
  }

  toString(): string {
    return `capture(${subscriptionLabel(this.index)}, ${this.amount} ${SETUP_CURRENCY})`;
  }
}

/** An accepted capture answers 202 with an empty JSON object. */
export function expectCaptureAccepted(real: { ctx: SubscriptionReal['ctx'] }, reply: Reply): void {
  const { ctx } = real;
  ctx.expectStatus(reply, 202, 'billing.capture.status-202', 'capture');
  const body = reply.json;
  const empty = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!empty) {
    ctx.fail({
      rule: 'billing.capture.response.empty-object',
      message: 'capture answered 202 without an empty object',
      expected: 'the body {}',
      received: reply.text === '' ? 'an empty body' : brief(body ?? reply.text),
      exchanges: [reply.exchange],
    });
  }
  ctx.credit('billing.capture.response.empty-object', reply, 'the body {}');
}
