// billing.md "States and transitions", plans: each stated transition walked once on purpose,
// so that every run checks it whatever the random sequences happen to draw.

import { check } from '../support/check.js';
import { ActivatePlanCommand } from '../model/plan/activate-plan.js';
import { CreatePlanCommand } from '../model/plan/create-plan.js';
import { DeactivatePlanCommand } from '../model/plan/deactivate-plan.js';
import { PATCHABLE_PLAN_ATTRIBUTES } from '../model/plan/patchable.js';
import { ReplacePlanAttributeCommand } from '../model/plan/replace-attribute.js';
import { SubscribeCommand } from '../model/plan/subscribe.js';
import { walkPlanScenario } from './model-runs.js';

const attribute = (pointer: string) => PATCHABLE_PLAN_ATTRIBUTES.find((a) => a.pointer === pointer)!;
const REACH_INACTIVE = 'deactivate is the way to INACTIVE, and its source states are not shown';

check(
  {
    name: 'plan states: a plan created without status is ACTIVE; with CREATED or ACTIVE it has that status',
    rules: [
      'billing.plan.status.default-active',
      'billing.create-plan.requested-status',
      'billing.create-plan.status-201',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [new CreatePlanCommand(undefined)]);
    await walkPlanScenario(ctx, [new CreatePlanCommand('CREATED'), new CreatePlanCommand('ACTIVE')]);
  },
);

check(
  {
    name: 'plan states: a subscription on a CREATED plan is refused and nothing is created',
    rules: ['billing.plan-state.created-refuses-subscriptions'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [new CreatePlanCommand('CREATED'), new SubscribeCommand(0, undefined)]);
  },
);

check(
  {
    name: 'plan states: a subscription on an INACTIVE plan is refused and nothing is created',
    rules: ['billing.plan-state.inactive-refuses-subscriptions', 'billing.deactivate-plan.to-inactive'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('ACTIVE'),
      new DeactivatePlanCommand(0),
      { plan: 0, mustBe: 'INACTIVE', because: REACH_INACTIVE },
      new SubscribeCommand(0, undefined),
    ]);
  },
);

check(
  {
    name: 'plan states: a subscription on an ACTIVE plan is APPROVAL_PENDING with an approve link',
    rules: [
      'billing.plan-state.active-accepts-subscriptions',
      'billing.create-subscription.approval-pending',
      'billing.create-subscription.approve-link',
      'billing.create-subscription.status-201',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [new CreatePlanCommand('ACTIVE'), new SubscribeCommand(0, undefined)]);
  },
);

check(
  {
    name: 'plan states: a subscription on a plan activated from CREATED is APPROVAL_PENDING with an approve link',
    rules: ['billing.plan-state.active-accepts-subscriptions'],
    needs: ['billing'],
  },
  async (ctx) => {
    // "ACTIVE (the only state in which subscriptions can be created)": however the plan got there
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('CREATED'),
      new ActivatePlanCommand(0),
      {
        plan: 0,
        mustBe: 'ACTIVE',
        because: 'the server refused to activate a CREATED plan (source states are not shown)',
      },
      new SubscribeCommand(0, undefined),
    ]);
  },
);

check(
  {
    name: 'plan states: an INACTIVE plan refuses updates of its attributes and keeps them',
    rules: ['billing.update-plan.inactive-status-only'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('ACTIVE'),
      new DeactivatePlanCommand(0),
      { plan: 0, mustBe: 'INACTIVE', because: REACH_INACTIVE },
      new ReplacePlanAttributeCommand(0, attribute('/name'), `${ctx.settings.runId} renamed while inactive`),
      new ReplacePlanAttributeCommand(0, attribute('/description'), 'changed while inactive'),
      new ReplacePlanAttributeCommand(0, attribute('/payment_preferences/payment_failure_threshold'), 7),
    ]);
  },
);

check(
  {
    name: 'plan states: updates of a CREATED or ACTIVE plan leave its status unchanged',
    rules: ['billing.update-plan.status-unchanged', 'billing.update-plan.status-204'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('CREATED'),
      new CreatePlanCommand('ACTIVE'),
      new ReplacePlanAttributeCommand(0, attribute('/name'), `${ctx.settings.runId} renamed while created`),
      new ReplacePlanAttributeCommand(1, attribute('/name'), `${ctx.settings.runId} renamed while active`),
    ]);
  },
);

check(
  {
    name: 'plan states: an accepted activate leads to ACTIVE',
    rules: ['billing.activate-plan.to-active', 'billing.activate-plan.status-204'],
    needs: ['billing'],
  },
  async (ctx) => {
    // The next state is stated; the source states are not: a refusal skips, a 204 must lead to ACTIVE.
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('CREATED'),
      new ActivatePlanCommand(0),
      {
        plan: 0,
        mustBe: 'ACTIVE',
        because: 'the server refused to activate a CREATED plan (source states are not shown)',
      },
      new DeactivatePlanCommand(0),
      new ActivatePlanCommand(0),
    ]);
  },
);

check(
  {
    name: 'plan states: an accepted deactivate leads to INACTIVE',
    rules: ['billing.deactivate-plan.to-inactive', 'billing.deactivate-plan.status-204'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkPlanScenario(ctx, [
      new CreatePlanCommand('ACTIVE'),
      new DeactivatePlanCommand(0),
      {
        plan: 0,
        mustBe: 'INACTIVE',
        because: 'the server refused to deactivate an ACTIVE plan (source states are not shown)',
      },
    ]);
  },
);
