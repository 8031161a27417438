import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ConformanceReport } from '../../reports/model.js';
import { FAULT_RUNNER, OUT, ROOT } from './paths.js';
import type { CliRun } from './runs.js';
import { FAULT_CONCURRENCY, RUNS, SEED, WAVE_TIMEOUT_MS } from './settings.js';

// selftest/fault-runner.mjs processes, each certifying a wave of faulty references in one vitest
// run (one reference per job, each job running only its checks). A job's result comes back as a
// CliRun, as the command line's would, with the command that replays it alone.

export interface FaultJob {
  label: string;
  faults: string[];
  suite: 'billing' | 'assignees';
  /** The checks the job runs (by name); none: every check of its modules. */
  checks?: string[];
  /** The same checks as a --grep, for the replay command. */
  grep?: string;
  /** The check modules holding those checks; none: every module of the suite. */
  modules?: string[];
}

const quote = (text: string): string => (/^[\w./,=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** The command line that replays a job through the CLI (the same checks, the same seed). */
function commandOf(job: FaultJob): string {
  const args = ['run', '--seed', String(SEED), '--runs', String(RUNS), '--concurrency', String(FAULT_CONCURRENCY), '--settle-ms', '0', '--faults', job.faults.join(','), '--suite', job.suite];
  if (job.grep) args.push('--grep', job.grep);
  return `node dist/cli/main.js ${args.map(quote).join(' ')}`;
}

function resultOf(job: FaultJob, durationMs: number, error?: string): CliRun {
  const file = join(OUT, 'runs', job.label, 'conformance.json');
  const report = !error && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : undefined;
  return {
    label: job.label,
    command: commandOf(job),
    exitCode: report ? (report.summary.verdict === 'NON_CONFORMANT' ? 1 : 0) : null,
    durationMs,
    ...(report ? { report } : {}),
    output: error ?? '',
  };
}

/** One runner process certifying one wave; every job resolves, with an error if the runner failed. */
function runWave(jobs: readonly FaultJob[], resolvers: ReadonlyMap<string, (run: CliRun) => void>): void {
  if (jobs.length === 0) return;
  const child = spawn(process.execPath, [FAULT_RUNNER, '--seed', String(SEED), '--runs', String(RUNS), '--concurrency', String(FAULT_CONCURRENCY)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Set(jobs.map((job) => job.label));
  let output = '';
  const settle = (label: string, run: CliRun): void => {
    if (!pending.delete(label)) return;
    resolvers.get(label)!(run);
  };
  const abandon = (why: string): void => {
    for (const job of jobs) settle(job.label, resultOf(job, 0, `${why}:\n${output}`));
  };
  const timer = setTimeout(() => {
    abandon(`no report within ${WAVE_TIMEOUT_MS} ms: the runner was stopped`);
    child.kill('SIGKILL');
  }, WAVE_TIMEOUT_MS);
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let answer: { label?: string; durationMs?: number; error?: string };
    try {
      answer = JSON.parse(line) as typeof answer;
    } catch {
      return;
    }
    const job = jobs.find((candidate) => candidate.label === answer.label);
    if (job) settle(job.label, resultOf(job, answer.durationMs ?? 0, answer.error));
  });
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    abandon(`the fault runner exited (${signal ?? `code ${code}`}) before this job's report`);
  });
  child.stdin.end(`${JSON.stringify(jobs.map((job) => ({ ...job, reportDir: join(OUT, 'runs', job.label) })))}\n`);
}

/**
 * Every job on `width` runners at once, the jobs dealt out in turn so that each runner gets a
 * like share of the slow ones; each result comes back as a CliRun, as the CLI's would.
 */
export function runFaultJobs(jobs: readonly FaultJob[], width: number): Promise<CliRun>[] {
  const resolvers = new Map<string, (run: CliRun) => void>();
  const results = jobs.map((job) => new Promise<CliRun>((resolve) => resolvers.set(job.label, resolve)));
  const waves = Array.from({ length: Math.max(1, Math.min(width, jobs.length)) }, (_, index) => jobs.filter((_, position) => position % width === index));
  for (const wave of waves) runWave(wave, resolvers);
  return results;
}
