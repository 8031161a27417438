import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ConformanceReport } from '../../reports/model.js';
import { FAULT_RUNNER, OUT, ROOT } from './paths.js';
import type { CliRun } from './runs.js';
import { FAULT_CONCURRENCY, RUNS, SEED, WAVE_JOBS, WAVE_TIMEOUT_MS } from './settings.js';

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
  /** Only these rules are judged where a check can leave the others' cases out (RunJob.focus). */
  focus?: string[];
}

const quote = (text: string): string => (/^[\w./,=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** The command line that replays a job through the CLI (the same checks, the same seed). */
function commandOf(job: FaultJob): string {
  const args = [
    'run',
    '--seed',
    String(SEED),
    '--runs',
    String(RUNS),
    '--concurrency',
    String(FAULT_CONCURRENCY),
    '--settle-ms',
    '0',
    '--faults',
    job.faults.join(','),
    '--suite',
    job.suite,
  ];
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

/**
 * Each runner that ended, or was stopped at the wave's bound, before it answered its whole wave:
 * how, and its log, where it says why (selftest/fault-runner.mjs). The self-test fails on any.
 */
export const lostRunners: string[] = [];

/** A wave on its way through a runner: its jobs still unanswered, and how it ends. */
interface Wave {
  jobs: readonly FaultJob[];
  pending: Set<string>;
  timer?: NodeJS.Timeout;
}

/**
 * Every job, in waves of at most WAVE_JOBS on at most `width` runners at once. A runner takes
 * wave after wave (one vitest run each): the self-test pays a runner's start-up once, not per
 * wave. Each result comes back as a CliRun, as the CLI's would. A runner that ends mid-wave is
 * not replaced for that wave: its jobs come back without a report, with what it printed (it
 * says why it ended), and fail the self-test. The waves it did not get go to a new runner.
 * `runner`: the runner script (a test gives one that dies).
 */
export function runFaultJobs(jobs: readonly FaultJob[], width: number, runner = FAULT_RUNNER): Promise<CliRun>[] {
  const resolvers = new Map<string, (run: CliRun) => void>();
  const results = jobs.map((job) => new Promise<CliRun>((resolve) => resolvers.set(job.label, resolve)));
  // As many waves as runners, or a multiple of it, so that no runner is left with the last alone;
  // dealt out in turn, so that every wave gets a like share of the slow jobs (the first ones).
  const count = Math.min(jobs.length, Math.ceil(jobs.length / (WAVE_JOBS * width)) * width);
  const queue: Wave[] = Array.from({ length: count }, (_, index) => {
    const dealt = jobs.filter((_, position) => position % count === index);
    return { jobs: dealt, pending: new Set(dealt.map((job) => job.label)) };
  });
  for (let started = 0; started < Math.min(width, queue.length); started += 1) startRunner(runner, queue, resolvers);
  return results;
}

/** A runner process that certifies waves from `queue` until it is empty, then ends. */
function startRunner(script: string, queue: Wave[], resolvers: ReadonlyMap<string, (run: CliRun) => void>): void {
  const first = queue.shift();
  if (!first) return;
  const child = spawn(
    process.execPath,
    [script, '--seed', String(SEED), '--runs', String(RUNS), '--concurrency', String(FAULT_CONCURRENCY)],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let wave: Wave | undefined;
  /** Stopped or gone: it takes no further wave (they go to the runner started after it). */
  let done = false;
  let output = '';
  // Everything the runner printed, whole: a runner that dies mid-wave says why here.
  const log = join(OUT, 'runners', `${first.jobs[0].label}.log`);
  mkdirSync(join(OUT, 'runners'), { recursive: true });
  rmSync(log, { force: true });
  const settle = (label: string, run: CliRun): void => {
    if (!wave?.pending.delete(label)) return;
    resolvers.get(label)!(run);
    if (wave.pending.size === 0) next();
  };
  const abandon = (why: string): void => {
    for (const job of wave?.jobs ?? []) settle(job.label, resultOf(job, 0, `${why}:\n${output}`));
  };
  const next = (): void => {
    clearTimeout(wave?.timer);
    if (done) return;
    wave = wave === undefined ? first : queue.shift();
    if (!wave) return void child.stdin.end();
    appendFileSync(log, `fault runner: wave from ${wave.jobs[0].label}, ${wave.jobs.length} jobs\n`);
    wave.timer = setTimeout(() => {
      done = true;
      lostRunners.push(`no answer within ${WAVE_TIMEOUT_MS} ms, stopped: ${log}`);
      abandon(`no report within ${WAVE_TIMEOUT_MS} ms: the runner was stopped`);
      child.kill('SIGKILL');
    }, WAVE_TIMEOUT_MS);
    const line = JSON.stringify(wave.jobs.map((job) => ({ ...job, reportDir: join(OUT, 'runs', job.label) })));
    child.stdin.write(`${line}\n`);
  };
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    appendFileSync(log, chunk);
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let answer: { label?: string; durationMs?: number; error?: string };
    try {
      answer = JSON.parse(line) as typeof answer;
    } catch {
      // What the runner prints besides its answers (vitest's own errors) is kept with stderr.
      output = `${output}${line}\n`.slice(-4000);
      appendFileSync(log, `${line}\n`);
      return;
    }
    const job = wave?.jobs.find((candidate) => candidate.label === answer.label);
    if (job) settle(job.label, resultOf(job, answer.durationMs ?? 0, answer.error));
  });
  // 'close', not 'exit': at 'exit' the runner's last lines (its answers) may still be unread.
  child.on('close', (code, signal) => {
    done = true;
    if (wave) clearTimeout(wave.timer);
    if (wave && wave.pending.size > 0) {
      lostRunners.push(`${signal ?? `code ${code}`}, ${wave.pending.size} job(s) unanswered: ${log}`);
      abandon(`the fault runner ended (${signal ?? `code ${code}`}) before this job's report; all it printed: ${log}`);
    }
    // The waves it did not get go to a runner of their own.
    wave = undefined;
    startRunner(script, queue, resolvers);
  });
  next();
}
