// The catalog rules (contracts/rules) the lifecycle commands and the scenario checks verify, in
// one place so that the names follow the catalog when it changes.

export const LIFECYCLE_RULE = {
  // billing.md "States and transitions", plans
  createPlanStatus201: 'billing.create-plan.status-201',
  createPlanDefaultStatus: 'billing.plan.status.default-active',
  createPlanRequestedStatus: 'billing.create-plan.requested-status',
  planStatusEnum: 'billing.plan.status.enum',
  updatePlanStatus204: 'billing.update-plan.status-204',
  updatePlanKeepsStatus: 'billing.update-plan.status-unchanged',
  updatePlanInactiveStatusOnly: 'billing.update-plan.inactive-status-only',
  activatePlanStatus204: 'billing.activate-plan.status-204',
  activatePlanActive: 'billing.activate-plan.to-active',
  deactivatePlanStatus204: 'billing.deactivate-plan.status-204',
  deactivatePlanInactive: 'billing.deactivate-plan.to-inactive',

  // subscriptions
  createdPlanRefusesSubscriptions: 'billing.plan-state.created-refuses-subscriptions',
  inactivePlanRefusesSubscriptions: 'billing.plan-state.inactive-refuses-subscriptions',
  activePlanAcceptsSubscriptions: 'billing.plan-state.active-accepts-subscriptions',
  createSubscriptionStatus201: 'billing.create-subscription.status-201',
  createSubscriptionApprovalPending: 'billing.create-subscription.approval-pending',
  createSubscriptionApproveLink: 'billing.create-subscription.approve-link',
  /** The catalog states it for the default; explicit SUBSCRIBE_NOW has no rule of its own yet. */
  approveSubscribeNowActivates: 'billing.application_context.user_action.default',
  updateSubscriptionStatus204: 'billing.update-subscription.status-204',
  updateSubscriptionKeepsStatus: 'billing.update-subscription.status-unchanged',
  reviseStatus200: 'billing.revise.status-200',
  reviseApproveLink: 'billing.revise.approve-link',
  suspendStatus204: 'billing.suspend.status-204',
  cancelStatus204: 'billing.cancel.status-204',
  activateSubscriptionStatus204: 'billing.activate-subscription.status-204',
  captureStatus202: 'billing.capture.status-202',
  captureBodyEmpty: 'billing.capture.response.empty-object',

  // update pricing
  updatePricingStatus204: 'billing.update-pricing.status-204',
  updatePricingApplies: 'billing.update-pricing.applies',
  updatePricingItems: 'billing.update-pricing.pricing_schemes.items',
  pricingVersionSetByService: 'billing.pricing_scheme.version.set-by-service',

  // JSON Patch
  planOtherPathsRefused: 'billing.update-plan.other-paths-refused',
  planReplaceOnly: 'billing.update-plan.replace-only',
  subscriptionOtherPathsRefused: 'billing.update-subscription.other-paths-refused',
  subscriptionOpsPerPath: 'billing.update-subscription.ops-per-path',
  completedCyclesRefused: 'billing.update-subscription.completed-cycles-refused',
  replaceTargetExists: 'billing.patch.replace-target-exists',
  removeTargetExists: 'billing.patch.remove-target-exists',
  addReplacesMember: 'billing.patch.add-replaces-member',
  testEquality: 'billing.patch.test-equality',
  patchAtomic: 'billing.patch.atomic',

  // transactions and reasons
  transactionsStatus200: 'billing.list-transactions.status-200',
  transactionsArray: 'billing.list-transactions.transactions.required',
  transactionsStartTimeRequired: 'billing.list-transactions.start_time.required',
  transactionsEndTimeRequired: 'billing.list-transactions.end_time.required',
  suspendReasonLength: 'billing.suspend.reason.length',
  suspendReasonRequired: 'billing.suspend.reason.required',
  cancelReasonLength: 'billing.cancel.reason.length',
  cancelReasonRequired: 'billing.cancel.reason.required',
  activateReasonLength: 'billing.activate-subscription.reason.length',
  activateReasonRequired: 'billing.activate-subscription.reason.required-to-reactivate',
} as const;

/** The rule of a replace of one patchable plan attribute (`payment_preferences.setup_fee`). */
export function planReplaceRule(member: string): string {
  return `billing.update-plan.replace.${member}`;
}

/** The rule of one patchable subscription field (`plan.taxes.percentage`). */
export function subscriptionPatchRule(key: string): string {
  return `billing.update-subscription.patch.${key}`;
}
