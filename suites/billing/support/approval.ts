// Approval through the profile's driver, then the subscription read until it has left
// APPROVAL_PENDING: a server may activate a while after the subscriber's consent. Still
// APPROVAL_PENDING after SETTLE_MS means the driver did not approve (a login page or a redirect
// answered the approve link, a command did nothing): an error of the check's setup, never a
// verdict on the server.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { approve } from '../../../harness/approval.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { readSubscription } from './api.js';

export const SETTLE_MS = 5_000;
const POLL_MS = 100;

/** Reads the subscription until its status is not APPROVAL_PENDING, for at most SETTLE_MS. */
export async function settledStatus<T extends { status: unknown; reply: Reply }>(read: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SETTLE_MS;
  let seen = await read();
  while (seen.status === 'APPROVAL_PENDING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    seen = await read();
  }
  return seen;
}

/** The setup error for a subscription that approval left APPROVAL_PENDING. */
export function approvalNotTaken(reply: Reply): CheckSetupError {
  return new CheckSetupError(
    `the subscription is still APPROVAL_PENDING ${SETTLE_MS / 1000} s after the approval ` +
      `driver ran: the approval did not take (check approval.mode in the target profile)`,
    [reply.exchange],
  );
}

/**
 * Approves subscription `id` through its approve link and returns the status it settles in
 * (with the read that showed it); throws approvalNotTaken when it stays APPROVAL_PENDING.
 */
export async function approveAndSettle(
  ctx: CheckContext,
  id: string,
  href: string,
): Promise<{ status: unknown; reply: Reply }> {
  await approve(ctx, href);
  const read = async () => {
    const { doc, reply } = await readSubscription(ctx, id);
    return { status: doc.status, reply };
  };
  const settled = await settledStatus(read);
  if (settled.status === 'APPROVAL_PENDING') throw approvalNotTaken(settled.reply);
  return settled;
}
