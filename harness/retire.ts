import type { Reply } from './exchange.js';

// Retiring what a run created, one resource at a time: what a check's deferred cleanup does
// when it ends (suites/billing/support/cleanup.ts) and what `cleanup --ledger` does after a run that
// never got that far. The spec has no delete: a plan is retired by deactivating it, a
// subscription by cancelling it, an assignee by removing it again.

/** Sends one request of the billing or assignee API with the right credential. */
export type Send = (method: string, path: string, json?: unknown) => Promise<Reply>;

export type Outcome = 'retired' | 'already retired' | 'not retired';

export interface Retirement {
  outcome: Outcome;
  /** What was seen or done, for the person reading the summary ("INACTIVE", "cancel answered 422"). */
  detail: string;
  /** Set when the server refused to retire a subscription awaiting approval: it may stay so. */
  awaitingApproval?: boolean;
}

const planPath = (id: string, action?: string): string =>
  `/v1/billing/plans/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
const subscriptionPath = (id: string, action?: string): string =>
  `/v1/billing/subscriptions/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

const is2xx = (reply: Reply): boolean => reply.status >= 200 && reply.status <= 299;

function statusOf(reply: Reply): string | undefined {
  const status = (reply.json as { status?: unknown } | null | undefined)?.status;
  return reply.status === 200 && typeof status === 'string' ? status : undefined;
}

/**
 * Deactivates a plan; a CREATED plan that the server will not deactivate as it is (the spec
 * leaves the source states of deactivate open) is activated first. Returns the last answer.
 */
export async function deactivatePlan(send: Send, id: string, knownStatus?: string): Promise<Reply> {
  const deactivated = await send('POST', planPath(id, 'deactivate'));
  if (deactivated.status < 400) return deactivated;
  const status = knownStatus ?? statusOf(await send('GET', planPath(id)));
  if (status !== 'CREATED') return deactivated;
  await send('POST', planPath(id, 'activate'));
  return send('POST', planPath(id, 'deactivate'));
}

/** A plan that is not INACTIVE (nor gone) is deactivated. */
export async function retirePlan(send: Send, id: string): Promise<Retirement> {
  const shown = await send('GET', planPath(id));
  if (shown.status === 404 || shown.status === 410)
    return { outcome: 'already retired', detail: `show plan answered ${shown.status}` };
  const status = statusOf(shown);
  if (status === 'INACTIVE') return { outcome: 'already retired', detail: 'INACTIVE' };
  const last = await deactivatePlan(send, id, status);
  if (is2xx(last)) return { outcome: 'retired', detail: `${status ?? 'status unknown'}, deactivated` };
  return {
    outcome: 'not retired',
    detail: `${status ?? `show plan answered ${shown.status}`}; deactivate answered ${last.status}`,
  };
}

/** The subscription states in which a subscription still binds: every other one is retired. */
export const LIVE_SUBSCRIPTION_STATES = ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED'] as const;

/** Cancels a subscription after the check (its reason names the run). */
export function cancelSubscription(send: Send, id: string, reason: string): Promise<Reply> {
  return send('POST', subscriptionPath(id, 'cancel'), { reason });
}

/** A subscription in a live state is cancelled; one awaiting approval may be refused that. */
export async function retireSubscription(
  send: Send,
  id: string,
  reason: string,
  shownStatus?: string,
): Promise<Retirement> {
  let status = shownStatus;
  if (status === undefined) {
    const shown = await send('GET', subscriptionPath(id));
    if (shown.status === 404 || shown.status === 410)
      return { outcome: 'already retired', detail: `show subscription answered ${shown.status}` };
    status = statusOf(shown);
    if (status === undefined) return retireUnseen(send, id, reason, `show subscription answered ${shown.status}`);
  }
  if (!(LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(status))
    return { outcome: 'already retired', detail: status };
  const cancelled = await cancelSubscription(send, id, reason);
  if (is2xx(cancelled)) return { outcome: 'retired', detail: `${status}, cancelled` };
  const pending = status === 'APPROVAL_PENDING';
  return {
    outcome: 'not retired',
    detail:
      `${status}; cancel answered ${cancelled.status}` +
      (pending ? ' (the server does not cancel a subscription awaiting approval)' : ''),
    ...(pending ? { awaitingApproval: true } : {}),
  };
}

/** Status unknown: cancel all the same, and count a refusal as a failure to retire. */
async function retireUnseen(send: Send, id: string, reason: string, seen: string): Promise<Retirement> {
  const cancelled = await cancelSubscription(send, id, reason);
  return is2xx(cancelled)
    ? { outcome: 'retired', detail: `${seen}, cancelled` }
    : { outcome: 'not retired', detail: `${seen}; cancel answered ${cancelled.status}` };
}

/** The logins of a list of assignees, as a request names them (strings) or an Issue shows them (users). */
export function loginsIn(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .map((item) => (typeof item === 'string' ? item : (item as { login?: unknown } | null)?.login))
    .filter((login): login is string => typeof login === 'string');
}

/** The assignees of the Issue a 2xx answer carries. */
function loginsOf(reply: Reply): string[] | undefined {
  return is2xx(reply) ? loginsIn((reply.json as { assignees?: unknown } | null | undefined)?.assignees) : undefined;
}

/**
 * Removes again the logins a run added to an issue, those still assigned. The issue is read by
 * removing nobody (the spec has no "show issue"; the answer is the Issue, unchanged).
 */
export async function retireAssignees(send: Send, path: string, added: readonly string[]): Promise<Retirement> {
  const read = await send('DELETE', path, { assignees: [] });
  const current = loginsOf(read);
  if (!current)
    return {
      outcome: 'not retired',
      detail: `reading the issue (removing nobody) answered ${read.status} without an Issue`,
    };
  const present = added.filter((login) => current.some((c) => c.toLowerCase() === login.toLowerCase()));
  if (present.length === 0) return { outcome: 'already retired', detail: `${added.join(', ')} no longer assigned` };
  const removed = await send('DELETE', path, { assignees: present });
  const left = loginsOf(removed)?.filter((login) => present.some((p) => p.toLowerCase() === login.toLowerCase()));
  if (is2xx(removed) && left !== undefined && left.length === 0)
    return { outcome: 'retired', detail: `removed ${present.join(', ')}` };
  return {
    outcome: 'not retired',
    detail:
      `removing ${present.join(', ')} answered ${removed.status}` +
      (left && left.length > 0 ? `; still assigned: ${left.join(', ')}` : ''),
  };
}
