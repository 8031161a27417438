import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport, Verdict } from '../../reports/model.js';
import { CLI, COVERAGE_RUN, OUT, ROOT } from './paths.js';
import { FULL_CONCURRENCY, RUN_TIMEOUT_MS, RUNS, SEED } from './settings.js';

// Child processes of the built command line (and of coverage-run.mjs for the clean run), at most
// PARALLEL_RUNS at a time. Every run records the command that replays it.

export interface CliRun {
  label: string;
  command: string;
  exitCode: number | null;
  durationMs: number;
  /** Absent when the run wrote no report (it crashed or was killed). */
  report?: ConformanceReport;
  output: string;
}

export interface CheckOutcome {
  name: string;
  file: string;
  state: 'passed' | 'failed' | 'skipped';
  durationMs?: number;
  /** The requests it sent (absent from a clean run written before they were counted). */
  requests?: number;
  rules: string[];
  covered: string[];
  failureRule?: string;
  message?: string;
  skipReason?: string;
}

export interface CoverageRun {
  durationMs: number;
  runErrors: string[];
  report: ConformanceReport;
  checks: CheckOutcome[];
}

function spawnNode(args: string[]): Promise<{ exitCode: number | null; output: string; durationMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output, durationMs: Date.now() - started });
    });
  });
}

/** A tiny pool: at most `width` tasks in flight. */
export class Pool {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly width: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.width) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface CliRunOptions {
  label: string;
  faults?: string[];
  variants?: string[];
  suite?: 'billing' | 'assignees';
  grep?: string;
  concurrency?: number;
}

const quote = (text: string): string => (/^[\w./,=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

export async function runCli(options: CliRunOptions): Promise<CliRun> {
  const reportDir = join(OUT, 'runs', options.label);
  rmSync(reportDir, { recursive: true, force: true });
  const args = [
    'run',
    '--seed',
    String(SEED),
    '--runs',
    String(RUNS),
    '--concurrency',
    String(options.concurrency ?? FULL_CONCURRENCY),
  ];
  if (options.faults?.length) args.push('--faults', options.faults.join(','));
  if (options.variants?.length) args.push('--variant', options.variants.join(','));
  if (options.suite) args.push('--suite', options.suite);
  if (options.grep) args.push('--grep', options.grep);
  const command = `node dist/cli/main.js ${args.map(quote).join(' ')}`;
  const { exitCode, output, durationMs } = await spawnNode([CLI, ...args, '--report-dir', reportDir]);
  const file = join(reportDir, 'conformance.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : undefined;
  return { label: options.label, command, exitCode, durationMs, output, ...(report ? { report } : {}) };
}

export async function runCoverage(): Promise<CoverageRun> {
  const out = join(OUT, 'clean-coverage.json');
  rmSync(out, { force: true });
  const { exitCode, output } = await spawnNode([
    COVERAGE_RUN,
    '--seed',
    String(SEED),
    '--runs',
    String(RUNS),
    '--concurrency',
    String(FULL_CONCURRENCY),
    '--out',
    out,
  ]);
  if (exitCode !== 0 || !existsSync(out))
    throw new Error(
      `the clean run (selftest/coverage-run.mjs) failed with exit code ${exitCode}:\n${output.slice(-3000)}`,
    );
  return JSON.parse(readFileSync(out, 'utf8')) as CoverageRun;
}

/** What a report says, reduced to what the self-test judges. */
export interface RunVerdict {
  verdict: Verdict | 'NO_REPORT';
  failed: string[];
  warnings: string[];
  errors: string[];
  /** MUST rules with checks that neither passed nor failed: skipped or errored. */
  unverified: Array<{ id: string; status: string; reason?: string }>;
  failingChecks: Array<{ rule: string; check: string; message: string }>;
}

export function verdictOf(report: ConformanceReport | undefined): RunVerdict {
  if (!report) return { verdict: 'NO_REPORT', failed: [], warnings: [], errors: [], unverified: [], failingChecks: [] };
  const ids = (status: string) => report.rules.filter((rule) => rule.status === status).map((rule) => rule.id);
  const unverified = report.rules
    .filter(
      (rule) => rule.level === 'MUST' && rule.checks.length > 0 && rule.status !== 'passed' && rule.status !== 'failed',
    )
    .map((rule) => ({ id: rule.id, status: rule.status, ...(rule.reason ? { reason: rule.reason } : {}) }));
  const failingChecks = report.rules.flatMap((rule) =>
    rule.checks
      .filter((check) => check.status === 'failed' || check.status === 'error')
      .map((check) => ({
        rule: rule.id,
        check: check.name,
        message: (check.message ?? '').split('\n')[0].slice(0, 300),
      })),
  );
  return {
    verdict: report.summary.verdict,
    failed: ids('failed'),
    warnings: ids('warning'),
    errors: ids('error'),
    unverified,
    failingChecks,
  };
}

/** A verdict in a few lines: the failed rules, and each failing check with its message. */
export function describeVerdict(verdict: RunVerdict): string {
  const failing = verdict.failingChecks.map(
    (failure) => `"${failure.check}" failed ${failure.rule}: ${failure.message}`,
  );
  return (
    `verdict ${verdict.verdict}; failed rules [${verdict.failed.join(', ')}]` +
    (verdict.errors.length ? `; errors [${verdict.errors.join(', ')}]` : '') +
    (failing.length ? `\n    ${failing.join('\n    ')}` : '')
  );
}
