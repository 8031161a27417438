// The subscription lifecycle as billing.md states it: a new subscription is APPROVAL_PENDING;
// after the subscriber's approval it is ACTIVE when user_action is SUBSCRIBE_NOW (the default;
// "the service activates"), while with CONTINUE the merchant activates (APPROVED on the
// reference). Suspend, cancel, activate and capture have no stated source or resulting states,
// and revise has no stated target: after those the model takes the status the server shows.

import type fc from 'fast-check';
import type { CheckContext } from '../../../../harness/check.js';
import type { Reply } from '../../../../harness/exchange.js';
import { type JsonObject, readSubscription } from '../../support/api.js';
import type { UserAction } from '../../support/setup-bodies.js';

export interface SubscriptionEntry {
  /** The status last read back (undefined when the server showed none). */
  status: string | undefined;
  userAction: UserAction | undefined;
  /** An approve link not yet followed, and what returned it. */
  approval?: { href: string; from: 'create' | 'revise' };
}

export interface SubscriptionModel {
  subscriptions: SubscriptionEntry[];
}

export interface SubscriptionReal {
  ctx: CheckContext;
  /** The ACTIVE plan the run subscribes to. */
  planId: string;
  /** A second ACTIVE plan, the target of revisions. */
  revisePlanId: string;
  ids: string[];
}

export type SubscriptionCommand = fc.AsyncCommand<SubscriptionModel, SubscriptionReal>;

export const MAX_SUBSCRIPTIONS = 2;

/** The statuses the spec shows; the full set is not shown. */
export const SHOWN_STATUSES = ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'];

export function subscriptionLabel(index: number): string {
  return `subscription#${index}`;
}

export function applies(model: Readonly<SubscriptionModel>, index: number): boolean {
  return index < model.subscriptions.length;
}

export async function readStatus(
  real: SubscriptionReal,
  index: number,
): Promise<{ subscription: JsonObject; status: string | undefined; reply: Reply }> {
  const { doc: subscription, reply } = await readSubscription(real.ctx, real.ids[index]);
  const status = typeof subscription.status === 'string' ? subscription.status : undefined;
  return { subscription, status, reply };
}

export function stateName(status: string | undefined): string {
  return status ?? 'an unshown status';
}
