import { readLedger, type LedgerEntry } from '../harness/ledger.js';

// The line a run ends with about its ledger: what it created, and the command that retires what
// a run that was stopped short left live.

export interface CreatedCounts {
  /** Distinct ids: the plans, subscriptions and issues the target holds. */
  plans: number;
  subscriptions: number;
  issues: number;
  /**
   * Creates taken with an id, a repeat of one Platform-Request-Id counted once: more than the ids
   * when a target answers an id it gave before.
   */
  planCreates: number;
  subscriptionCreates: number;
}

/**
 * What the entries record as created: each plan, subscription and issue once, and the creates
 * taken (a repeated Platform-Request-Id is the same create again, counted once).
 */
export function createdCounts(entries: readonly LedgerEntry[]): CreatedCounts {
  const ids = { plan: new Set<string>(), subscription: new Set<string>() };
  const keys = { plan: new Set<string>(), subscription: new Set<string>() };
  const unkeyed = { plan: 0, subscription: 0 };
  const issues = new Set<string>();
  for (const e of entries) {
    if (e.kind === 'assignees') {
      issues.add(`${e.owner}/${e.repo}#${e.issueNumber}`.toLowerCase());
      continue;
    }
    ids[e.kind].add(e.id);
    if (e.requestKey !== undefined) keys[e.kind].add(e.requestKey);
    else unkeyed[e.kind] += 1;
  }
  return {
    plans: ids.plan.size,
    subscriptions: ids.subscription.size,
    issues: issues.size,
    planCreates: keys.plan.size + unkeyed.plan,
    subscriptionCreates: keys.subscription.size + unkeyed.subscription,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "218 plans"; when creates were answered with ids already given, both: "1 plan (510 creates taken, 1 id)". */
function resourceText(ids: number, creates: number, kind: string): string {
  return ids === creates
    ? plural(ids, kind)
    : `${plural(ids, kind)} (${plural(creates, `${kind} create`)} taken, ${plural(ids, 'distinct id')})`;
}

/**
 * "218 plans, 158 subscriptions and assignees on 1 issue"; a target that answered an id it had
 * given before is said so: "1 plan (510 plan creates taken, 1 distinct id), ...: the target
 * answered ids it had given before (it may answer one id to every create)".
 */
export function createdText(entries: readonly LedgerEntry[]): string {
  const { plans, subscriptions, issues, planCreates, subscriptionCreates } = createdCounts(entries);
  const parts = [
    resourceText(plans, planCreates, 'plan'),
    resourceText(subscriptions, subscriptionCreates, 'subscription'),
  ];
  if (issues > 0) parts.push(`assignees on ${plural(issues, 'issue')}`);
  const text = `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return plans === planCreates && subscriptions === subscriptionCreates
    ? text
    : `${text}: the target answered ids it had given before (it may answer one id to every create)`;
}

/** Undefined when the run created nothing. */
export function ledgerLine(file: string, cleanup: string): string | undefined {
  const { entries } = readLedger(file);
  if (entries.length === 0) return undefined;
  return (
    `ledger: ${file}: the run created ${createdText(entries)}; each check retires its own as ` +
    `it ends, and \`${cleanup}\` retires what a run stopped short left`
  );
}
