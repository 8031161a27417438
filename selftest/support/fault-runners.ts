import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ConformanceReport } from '../../reports/model.js';
import { FAULT_RUNNER, OUT, ROOT } from './paths.js';
import type { CliRun } from './runs.js';
import { FAULT_CONCURRENCY, RUN_TIMEOUT_MS, RUNS, SEED } from './settings.js';

// A few long-lived selftest/fault-runner.mjs processes, each certifying one faulty reference
// after another. A job that outlasts RUN_TIMEOUT_MS, or a runner that dies, costs that job only:
// the runner is replaced and the queue goes on.

export interface FaultJob {
  label: string;
  faults: string[];
  suite: 'billing' | 'assignees';
  /** The checks that reach the fault's rule, as a --grep; none: every check of the suite. */
  grep?: string;
  /** The check modules holding those checks; none: every module of the suite. */
  modules?: string[];
}

interface Pending {
  job: FaultJob;
  resolve: (run: CliRun) => void;
}

const quote = (text: string): string => (/^[\w./,=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** The command line that replays a job through the CLI (the same checks, the same seed). */
function commandOf(job: FaultJob): string {
  const args = ['run', '--seed', String(SEED), '--runs', String(RUNS), '--concurrency', String(FAULT_CONCURRENCY), '--faults', job.faults.join(','), '--suite', job.suite];
  if (job.grep) args.push('--grep', job.grep);
  return `node dist/cli/main.js ${args.map(quote).join(' ')}`;
}

class Runner {
  private child!: ChildProcess;
  private output = '';
  private current?: { pending: Pending; timer: NodeJS.Timeout; started: number };

  constructor(private readonly next: () => Pending | undefined) {
    this.start();
  }

  private start(): void {
    this.output = '';
    const child = spawn(process.execPath, [FAULT_RUNNER, '--seed', String(SEED), '--runs', String(RUNS), '--concurrency', String(FAULT_CONCURRENCY)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    // A runner that died takes its job with it (see 'exit'); a write to it must not throw here.
    child.stdin!.on('error', () => undefined);
    child.stderr!.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000)));
    createInterface({ input: child.stdout! }).on('line', (line) => this.answered(line));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      const lost = this.current;
      if (lost) this.finish({ error: `the fault runner exited (${signal ?? `code ${code}`}) during this job:\n${this.output}` });
      if (lost) this.start();
    });
  }

  /** Takes the next job, if any; false when the queue is empty. */
  take(): boolean {
    const pending = this.next();
    if (!pending) {
      this.child.stdin!.end();
      return false;
    }
    const timer = setTimeout(() => {
      this.finish({ error: `no report within ${RUN_TIMEOUT_MS} ms: the runner was stopped` });
      const old = this.child;
      this.start();
      old.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    this.current = { pending, timer, started: Date.now() };
    this.child.stdin!.write(`${JSON.stringify({ ...pending.job, reportDir: join(OUT, 'runs', pending.job.label) })}\n`);
    return true;
  }

  private answered(line: string): void {
    let answer: { label?: string; error?: string };
    try {
      answer = JSON.parse(line) as { label?: string; error?: string };
    } catch {
      return;
    }
    if (!this.current || answer.label !== this.current.pending.job.label) return;
    this.finish(answer.error ? { error: answer.error } : {});
  }

  private finish(outcome: { error?: string }): void {
    const current = this.current!;
    this.current = undefined;
    clearTimeout(current.timer);
    const file = join(OUT, 'runs', current.pending.job.label, 'conformance.json');
    const report = !outcome.error && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : undefined;
    current.pending.resolve({
      label: current.pending.job.label,
      command: commandOf(current.pending.job),
      exitCode: report ? (report.summary.verdict === 'NON_CONFORMANT' ? 1 : 0) : null,
      durationMs: Date.now() - current.started,
      ...(report ? { report } : {}),
      output: outcome.error ?? '',
    });
    setImmediate(() => this.take());
  }
}

/** Runs every job on `width` runners; each result comes back as a CliRun, as the CLI's would. */
export function runFaultJobs(jobs: readonly FaultJob[], width: number): Promise<CliRun>[] {
  const queue: Pending[] = [];
  const results = jobs.map((job) => new Promise<CliRun>((resolve) => queue.push({ job, resolve })));
  const runners = Array.from({ length: Math.min(width, jobs.length) }, () => new Runner(() => queue.shift()));
  for (const runner of runners) runner.take();
  return results;
}
