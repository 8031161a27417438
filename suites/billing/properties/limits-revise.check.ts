// billing.md "Subscriptions", revise plan or quantity: "body plan_id (26 characters), quantity
// (string 1..32), ..., application_context (without user_action)". A revise whose plan_id is one
// character off, or whose quantity has 33 characters, is refused. (A refused revise asks for no
// consent: there is nothing to read back.) A revise whose application_context carries user_action
// ("Present on create only") is what the revise body is not, but a server may take it and ignore
// it: refusing it is a SHOULD, judged against the same revise without user_action.

import { check } from '../support/check.js';
import { describeStatus, howAnswered } from '../../../harness/describe.js';
import { is2xx, subscriptionPath } from '../support/api.js';
import { activePlan, newSubscription } from '../support/fixtures.js';

check(
  {
    name: 'limits revise: a plan_id of 25 or 27 characters and a quantity of 33 characters are refused',
    rules: ['billing.revise.plan_id.length', 'billing.revise.quantity.length'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const sub = await newSubscription(ctx, plan.id);
    const revise = (body: Record<string, unknown>) =>
      ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: body });
    // the id of an existing plan with one character more (still P- and capitals) or one less;
    // when the server's id is not itself 26 characters, a well-formed 26-character one stands in
    const base = /^P-[A-Z0-9]{24}$/.test(plan.id) ? plan.id : `P-${'A'.repeat(24)}`;
    const describe = (id: string) => `revise with plan_id ${id} (${[...id].length} characters; exactly 26)`;
    const longer = `${base}Z`;
    ctx.expectRefused(await revise({ plan_id: longer }), 'billing.revise.plan_id.length', describe(longer));
    const shorter = base.slice(0, 25);
    ctx.expectRefused(await revise({ plan_id: shorter }), 'billing.revise.plan_id.length', describe(shorter));
    const quantity = `1${'0'.repeat(32)}`;
    const many = await revise({ plan_id: plan.id, quantity });
    ctx.expectRefused(
      many,
      'billing.revise.quantity.length',
      `revise with a quantity of 33 characters (${quantity}; 1..32)`,
    );
  },
);

const USER_ACTION = 'billing.application_context.user_action.create-only';

check(
  {
    name:
      'limits revise: an application_context with user_action (create only) is refused, or taken (a SHOULD: ' +
      'ignoring it conforms)',
    rules: [USER_ACTION],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const other = await activePlan(ctx);
    const urls = {
      return_url: 'https://merchant.example.com/return',
      cancel_url: 'https://merchant.example.com/cancel',
    };
    // both values of user_action, each on a subscription of its own, revised to another plan: a
    // refusal counts only when the same revise without user_action is taken afterwards
    let judged = 0;
    for (const userAction of ['CONTINUE', 'SUBSCRIBE_NOW']) {
      const sub = await newSubscription(ctx, plan.id);
      const path = subscriptionPath(sub.id, 'revise');
      const send = (application_context: Record<string, string>) =>
        ctx.billingSend('POST', path, { json: { plan_id: other.id, application_context } });
      const what =
        `revise with application_context.user_action ${userAction} (present on create only; a SHOULD: ` +
        `taking it and ignoring it also conforms)`;
      const reply = await send({ ...urls, user_action: userAction });
      if (is2xx(reply)) {
        ctx.expectRefused(reply, USER_ACTION, what);
        continue;
      }
      const control = await send(urls);
      if (!is2xx(control)) {
        ctx.observe(
          `${what}: ${howAnswered(reply)}, and the same revise without user_action was not taken either ` +
            `(${howAnswered(control)}: ${describeStatus(control)}): the refusal says nothing of user_action`,
        );
        continue;
      }
      ctx.expectRefused(reply, USER_ACTION, what);
      judged += 1;
    }
    const why =
      'the revise without user_action was refused too, on both subscriptions: no refusal could be told to ' +
      'be for user_action';
    if (judged === 0) ctx.notTried([USER_ACTION], why);
  },
);
