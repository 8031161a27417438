// billing.md "Subscriptions", revise plan or quantity: "body plan_id (26 characters), quantity
// (string 1..32), ..., application_context (without user_action)". A revise whose plan_id is one
// character off, whose quantity has 33 characters, or whose application_context carries
// user_action ("Present on create only") is refused. (A refused revise asks for no consent:
// there is nothing to read back.)

import { check } from '../support/check.js';
import { subscriptionPath } from '../support/api.js';
import { activePlan, newSubscription } from '../support/fixtures.js';

check(
  {
    name: 'limits revise: a plan_id of 25 or 27 characters, a quantity of 33 characters and an application_context with user_action are refused',
    rules: ['billing.revise.plan_id.length', 'billing.revise.quantity.length', 'billing.application_context.user_action.create-only'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const sub = await newSubscription(ctx, plan.id);
    const revise = (body: Record<string, unknown>) => ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: body });
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
    ctx.expectRefused(many, 'billing.revise.quantity.length', `revise with a quantity of 33 characters (${quantity}; 1..32)`);
    // both values of user_action, each otherwise valid: neither belongs in a revise
    for (const userAction of ['CONTINUE', 'SUBSCRIBE_NOW']) {
      const application_context = { return_url: 'https://merchant.example.com/return', cancel_url: 'https://merchant.example.com/cancel', user_action: userAction };
      const reply = await revise({ plan_id: plan.id, application_context });
      ctx.expectRefused(reply, 'billing.application_context.user_action.create-only', `revise with application_context.user_action ${userAction} (user_action is present on create only)`);
    }
  },
);
