import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeSharedAgent } from '../harness/http-client.js';
import { LEDGER_FILE, readLedger, startLedger, type LedgerEntry } from '../harness/ledger.js';
import type { RunSettings } from '../harness/settings.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import type { CheckResult } from '../reports/model.js';
import { startReference } from '../reference/server.js';
import { createdCounts, createdText } from './ledger-line.js';
import { runIdOf } from './run-id.js';
import { runSuites, type SuiteName } from './run-suites.js';

// run --plan: what a run would send and create, without sending anything to the target. The
// selected checks run, with the same seed and --runs, against the embedded reference in this
// process, under a profile that gives what the target's profile gives (the same sections,
// tokens, fixtures and approval driver); the requests are counted from the checks and what they
// create from the ledger. The numbers are those of a conformant server.

export interface PlanOptions {
  /** The target's profile (or a quick look's base URL alone); undefined: the embedded reference. */
  target?: TargetProfile;
  suites: readonly SuiteName[];
  grep?: string;
  /** --rule: the rule ids whose declaring checks run. */
  rules?: { ids: string[] };
  shard?: string;
  seed: number;
  runs: number;
  concurrency: number;
  timeoutMs: number;
  settleMs: number;
  faults: string[];
  variants: string[];
}

/**
 * The reference's profile, cut to what the target's profile gives: a check that needs what the
 * target lacks is skipped in the plan as it would be in the run.
 */
export function planTargetFor(target: TargetProfile | undefined, reference: TargetProfile): TargetProfile {
  if (!target) return reference;
  const billing =
    target.billing && reference.billing
      ? {
          ...reference.billing,
          approval: target.billing.approval.mode === 'none' ? ({ mode: 'none' } as const) : reference.billing.approval,
        }
      : undefined;
  const given = target.assignees;
  const ref = reference.assignees;
  const assignees =
    given && ref
      ? {
          owner: ref.owner,
          repo: ref.repo,
          issueNumber: ref.issueNumber,
          tokens: {
            ...(given.tokens.push ? { push: ref.tokens.push } : {}),
            ...(given.tokens.read ? { read: ref.tokens.read } : {}),
          },
          assignable: ref.assignable.slice(0, Math.max(1, given.assignable.length)),
          ...(given.pullNumber !== undefined && ref.pullNumber !== undefined ? { pullNumber: ref.pullNumber } : {}),
          ...(given.notAssignable !== undefined && ref.notAssignable !== undefined
            ? { notAssignable: ref.notAssignable }
            : {}),
          ...(given.privateRepo && ref.privateRepo ? { privateRepo: ref.privateRepo } : {}),
        }
      : undefined;
  return { baseUrl: reference.baseUrl, ...(billing ? { billing } : {}), ...(assignees ? { assignees } : {}) };
}

interface ModuleCount {
  module: string;
  checks: number;
  requests: number;
  entries: LedgerEntry[];
}

/** Per check module: the checks that ran, their requests, what they created. */
function countByModule(results: readonly CheckResult[], entries: readonly LedgerEntry[]): ModuleCount[] {
  const moduleOfCheck = new Map(results.map((result) => [result.name, result.file]));
  const counts = new Map<string, ModuleCount>();
  const countOf = (module: string): ModuleCount => {
    const count = counts.get(module) ?? { module, checks: 0, requests: 0, entries: [] };
    counts.set(module, count);
    return count;
  };
  for (const result of results) {
    if (result.state === 'skipped') continue;
    const count = countOf(result.file);
    count.checks += 1;
    count.requests += result.meta?.requests ?? 0;
  }
  for (const entry of entries) countOf(moduleOfCheck.get(entry.check) ?? '(other)').entries.push(entry);
  return [...counts.values()].sort((a, b) => a.module.localeCompare(b.module));
}

/** Why checks would be skipped, most frequent first: "12 checks: the profile names no private repository". */
function skipReasons(results: readonly CheckResult[]): string[] {
  const reasons = new Map<string, number>();
  for (const result of results) {
    if (result.state !== 'skipped') continue;
    const reason = result.meta?.skipReason ?? 'skipped';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return [...reasons].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n} check${n === 1 ? '' : 's'}: ${reason}`);
}

function table(rows: ModuleCount[]): string[] {
  const header = ['check module', 'checks', 'requests', 'plans', 'subscriptions'];
  const cells = rows.map((row) => {
    const { plans, subscriptions } = createdCounts(row.entries);
    return [row.module, String(row.checks), String(row.requests), String(plans), String(subscriptions)];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i].length)));
  const line = (cell: string[]): string =>
    `  ${cell.map((text, i) => (i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join('  ')}`;
  return [line(header), ...cells.map(line)];
}

export async function planCommand(options: PlanOptions, out: (text: string) => void): Promise<number> {
  const reference = await startReference({ faults: options.faults, variants: options.variants });
  const dir = mkdtempSync(join(tmpdir(), 'api-conformance-plan-'));
  try {
    const target = planTargetFor(options.target, reference.profile);
    const quickLook = options.target !== undefined && !options.target.billing && !options.target.assignees;
    const suites = quickLook ? options.suites : options.suites.filter((suite) => target[suite] !== undefined);
    const ledgerFile = join(dir, LEDGER_FILE);
    startLedger(ledgerFile, false);
    const settings: RunSettings = {
      seed: options.seed,
      runs: options.runs,
      timeoutMs: options.timeoutMs,
      concurrency: options.concurrency,
      settleMs: options.settleMs,
      runId: runIdOf(options.seed),
      rerunCommand: '',
      ledgerFile,
      ...(options.rules ? { onlyRules: options.rules.ids } : {}),
    };
    const where = options.target ? options.target.baseUrl : 'the embedded reference';
    out(
      `plan of a run against ${where} (nothing is sent to it): seed ${options.seed}, ` +
        `${options.runs} runs per property, suites ${suites.join(', ') || '(none)'}` +
        (options.grep !== undefined ? `, --grep ${options.grep}` : '') +
        (options.shard ? `, shard ${options.shard}` : ''),
    );
    const { results, runErrors } =
      suites.length > 0
        ? await runSuites({
            target,
            settings,
            suites,
            ...(options.grep !== undefined ? { grep: options.grep } : {}),
            ...(options.shard ? { shard: options.shard } : {}),
          })
        : { results: [], runErrors: [] };
    for (const error of runErrors) out(`  RUN ERROR ${error.split('\n')[0]}`);
    const { entries } = readLedger(ledgerFile);
    const rows = countByModule(results, entries);
    const ran = rows.reduce((sum, row) => sum + row.checks, 0);
    const requests = rows.reduce((sum, row) => sum + row.requests, 0);
    if (rows.length > 0) out(table([...rows, { module: 'total', checks: ran, requests, entries }]).join('\n'));
    for (const reason of skipReasons(results)) out(`  skipped: ${reason}`);
    const { plans, subscriptions } = createdCounts(entries);
    out(
      `${ran} check${ran === 1 ? '' : 's'} would run and send ${requests} requests; they create ` +
        `${createdText(entries)}.`,
    );
    out(
      `These are the numbers of a conformant server: the same checks, seed and --runs against ` +
        `the embedded reference implementation. A server that refuses what the reference takes, ` +
        `rate-limits or times out sees other numbers. Afterwards the target holds ${plans} more ` +
        `plan${plans === 1 ? '' : 's'} (each deactivated by its check: INACTIVE) and ` +
        `${subscriptions} more subscription${subscriptions === 1 ? '' : 's'} (cancelled); the spec ` +
        `has no delete.`,
    );
    return runErrors.length > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await closeSharedAgent();
    await reference.close();
  }
}
