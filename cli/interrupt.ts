import type { Reporter, TestCase, Vitest } from 'vitest/node';
import type { CheckResult, ConformanceReport } from '../reports/model.js';
import { atMostPartial } from '../reports/section-verdicts.js';

// Ctrl-C (SIGINT) or SIGTERM during `run`. The first one says so, starts no more checks
// (vitest's cancelCurrentRun), gives the running checks a bounded time to end and run their
// cleanups (cancel subscriptions, deactivate plans, restore assignees: see interrupt-worker.ts),
// and lets the run write its reports marked interrupted; the command then exits 128 + the
// signal's number (130 for Ctrl-C). A second one exits at once, without reports.

/** How long a worker waits, after an interruption, for its running checks to clean up. */
export const WORKER_GRACE_MS = 25_000;

/** Run errors that start with this say what an interrupted run left behind (interrupt-worker.ts). */
export const LEFT_BEHIND = 'interrupted run:';

/** The reason a check that was stopped, or never started, gives in the report. */
export const NOT_FINISHED = 'not finished: the run was interrupted';

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

export function exitCodeFor(signal: NodeJS.Signals): number {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 2);
}

export interface InterruptionOptions {
  /** How long the command waits for vitest after the first signal (the workers' grace and a margin). */
  graceMs?: number;
  /** A line on the terminal (stderr: stdout may go to a file the user reads later). */
  write: (line: string) => void;
}

export class RunInterruption implements Reporter {
  /** The first signal received, once there is one. */
  received?: NodeJS.Signals;
  /** Checks still running when the command stopped waiting for vitest. */
  abandoned: string[] = [];
  readonly graceMs: number;
  private vitest?: Vitest;
  private cancelled = false;
  /** vitest has collected the checks: a cancel now reaches the workers. */
  private started = false;
  /** The checks are over; only the reports remain to be written. */
  private done = false;
  private late?: NodeJS.Signals;
  private readonly running = new Map<string, string>();
  private readonly handler = (signal: NodeJS.Signals): void => this.onSignal(signal);
  private readonly interrupted: Promise<void>;
  private markInterrupted!: () => void;

  constructor(private readonly options: InterruptionOptions) {
    this.graceMs = options.graceMs ?? WORKER_GRACE_MS + 10_000;
    this.interrupted = new Promise((resolve) => (this.markInterrupted = resolve));
  }

  install(): void {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  uninstall(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  /**
   * Awaits `work` (the suites); after a signal, for the grace time at most. A run that outlives
   * it gives `undefined`: the caller reports what had finished, and the still-running checks are
   * `abandoned`.
   */
  async bounded<T>(work: Promise<T>): Promise<T | undefined> {
    const grace = this.interrupted.then(
      () => new Promise<'grace'>((resolve) => setTimeout(() => resolve('grace'), this.graceMs).unref()),
    );
    const outcome = await Promise.race([work, grace]);
    if (outcome !== 'grace') {
      this.done = true;
      return outcome;
    }
    this.abandoned = [...this.running.values()];
    return undefined;
  }

  private onSignal(signal: NodeJS.Signals): void {
    const name = signal === 'SIGINT' ? 'Ctrl-C' : signal;
    const first = this.received ?? this.late;
    if (first) {
      this.options.write(
        `${name} again: stopped at once, without reports` +
          (this.running.size > 0 ? `; ${this.running.size} running check(s) did not clean up what they created` : ''),
      );
      process.exit(exitCodeFor(first));
    }
    if (this.done) {
      // Every check has finished: the reports are a moment away and complete.
      this.late = signal;
      this.options.write(`${name}: the checks have finished; writing the reports. ${name} again stops at once.`);
      return;
    }
    this.received = signal;
    const running = this.running.size;
    this.options.write(
      `${name}: interrupting the run: no more checks start` +
        (running > 0
          ? `; the ${running} running check(s) get up to ${Math.round(WORKER_GRACE_MS / 1000)} s to finish and clean up`
          : '') +
        `; ` +
        `then the reports are written. ${name} again stops at once.`,
    );
    this.cancel();
    this.markInterrupted();
  }

  private cancel(): void {
    if (this.cancelled || !this.vitest || !this.started) return;
    this.cancelled = true;
    // A failed cancel leaves the run to end by itself, within the grace time.
    this.vitest.cancelCurrentRun('keyboard-input').catch(() => {});
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    // vitest's logger exits on the first signal (1 ms later, before anything is cleaned up or
    // written): this handler owns the signals while the run goes.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (listener !== this.handler) process.off(signal, listener);
    }
  }

  // A signal while vitest was starting is acted on once the workers have collected the checks
  // (a cancel before that is lost: vitest resets it when the run begins).
  onTestModuleCollected(): void {
    this.started = true;
    if (this.received) this.cancel();
  }

  onTestCaseReady(testCase: TestCase): void {
    this.running.set(testCase.id, testCase.name);
    this.started = true;
    if (this.received) this.cancel();
  }

  onTestCaseResult(testCase: TestCase): void {
    this.running.delete(testCase.id);
  }
}

/**
 * The results of an interrupted run: a check vitest stopped reports no verdict (its rules say
 * the run was interrupted); run errors from interrupt-worker.ts are what was left behind.
 */
export function interruptedResults(
  results: readonly CheckResult[],
  runErrors: readonly string[],
): { results: CheckResult[]; runErrors: string[]; leftBehind: string[] } {
  const stopped = results.map((result) =>
    result.state === 'skipped' && result.meta && result.meta.skipReason === undefined
      ? { ...result, meta: { ...result.meta, skipReason: NOT_FINISHED } }
      : result,
  );
  const marker = (error: string): number => error.indexOf(LEFT_BEHIND);
  const leftBehind = runErrors
    .filter((error) => marker(error) >= 0)
    .flatMap((error) =>
      error
        .slice(marker(error) + LEFT_BEHIND.length)
        .split(' | ')
        .map((item) => item.trim()),
    );
  return { results: stopped, runErrors: runErrors.filter((error) => marker(error) < 0), leftBehind };
}

/** Marks a report interrupted: at most PARTIAL, the note says so first, unreached rules say why. */
export function markInterrupted(report: ConformanceReport, signal: NodeJS.Signals, notCleanedUp: string[]): void {
  const s = report.summary;
  atMostPartial(s, `the run was interrupted (${signal}) before every check ran`);
  const cleanup =
    notCleanedUp.length > 0
      ? `; ${notCleanedUp.length} check(s) may have left what they created on the target (see summary.interrupted)`
      : '';
  s.verdictNote = [`the run was interrupted (${signal}) before every check ran${cleanup}`, s.verdictNote]
    .filter(Boolean)
    .join('; ');
  s.interrupted = { signal, notCleanedUp };
  for (const rule of report.rules) {
    if (rule.status === 'skipped' && rule.checks.length === 0 && rule.reason?.startsWith('not exercised'))
      rule.reason = `${NOT_FINISHED} before a check reached this rule`;
  }
}
