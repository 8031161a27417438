import { readLedger, type LedgerEntry } from '../harness/ledger.js';

// The line a run ends with about its ledger: what it created, and the command that retires what
// a run that was stopped short left live.

/** "218 plans, 158 subscriptions and assignees on 1 issue". */
export function createdText(entries: readonly LedgerEntry[]): string {
  const plans = new Set(entries.flatMap((e) => (e.kind === 'plan' ? [e.id] : []))).size;
  const subscriptions = new Set(entries.flatMap((e) => (e.kind === 'subscription' ? [e.id] : []))).size;
  const issues = new Set(entries.flatMap((e) => (e.kind === 'assignees' ? [`${e.owner}/${e.repo}#${e.issueNumber}`.toLowerCase()] : []))).size;
  const parts = [`${plans} plan${plans === 1 ? '' : 's'}`, `${subscriptions} subscription${subscriptions === 1 ? '' : 's'}`];
  if (issues > 0) parts.push(`assignees on ${issues} issue${issues === 1 ? '' : 's'}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Undefined when the run created nothing. */
export function ledgerLine(file: string, cleanup: string): string | undefined {
  const { entries } = readLedger(file);
  if (entries.length === 0) return undefined;
  return `ledger: ${file}: the run created ${createdText(entries)}; each check retires its own as it ends, and \`${cleanup}\` retires what a run stopped short left`;
}
