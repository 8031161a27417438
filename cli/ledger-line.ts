import { readLedger, type LedgerEntry } from '../harness/ledger.js';

// The line a run ends with about its ledger: what it created, and the command that retires what
// a run that was stopped short left live.

/** What the entries record as created, each plan, subscription and issue once (a line may repeat one). */
export function createdCounts(entries: readonly LedgerEntry[]): {
  plans: number;
  subscriptions: number;
  issues: number;
} {
  const plans = new Set<string>();
  const subscriptions = new Set<string>();
  const issues = new Set<string>();
  for (const e of entries) {
    if (e.kind === 'plan') plans.add(e.id);
    else if (e.kind === 'subscription') subscriptions.add(e.id);
    else issues.add(`${e.owner}/${e.repo}#${e.issueNumber}`.toLowerCase());
  }
  return { plans: plans.size, subscriptions: subscriptions.size, issues: issues.size };
}

/** "218 plans, 158 subscriptions and assignees on 1 issue". */
export function createdText(entries: readonly LedgerEntry[]): string {
  const { plans, subscriptions, issues } = createdCounts(entries);
  const parts = [
    `${plans} plan${plans === 1 ? '' : 's'}`,
    `${subscriptions} subscription${subscriptions === 1 ? '' : 's'}`,
  ];
  if (issues > 0) parts.push(`assignees on ${issues} issue${issues === 1 ? '' : 's'}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
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
