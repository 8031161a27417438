// Certifies many faulty references in one vitest run (dist/cli/run-suites.js SuiteRunner.runJobs):
// each job has its own reference, with its faults on, and runs only its checks, side by side with
// the other jobs. The self-test pays vitest's start-up, and a worker's module loading, once per
// wave instead of once per fault.
// A wave (a JSON array of jobs) per line on stdin; a line of JSON per job on stdout:
//   in:  [{"label","faults":[],"variants":[],"suite","checks":[],"modules":[],"reportDir"}, ...]
//   out: {"label","durationMs","error"?}
// Started by selftest/support/fault-runners.ts: node selftest/fault-runner.mjs --seed N --runs N --concurrency N

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { clearInterval, setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { RULES } from '../dist/contracts/rules/index.js';
import { closeSharedAgent } from '../dist/harness/http-client.js';
import { SuiteRunner } from '../dist/cli/run-suites.js';
import { buildReport } from '../dist/reports/build-report.js';
import { startReference } from '../dist/reference/server.js';
import { toolInfo } from '../dist/cli/version.js';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, runs: { type: 'string' }, concurrency: { type: 'string' } },
});
const seed = Number(values.seed);
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const timeoutMs = 10_000;
// The in-process reference shows every write at once: a read-back that does not show it is the
// fault, and waiting --settle-ms for it would only slow the self-test down.
const settleMs = 0;
// The self-test judges which checks failed which rule: a smaller counterexample, searched for by
// running more cases against the reference, would change nothing of that (a failing case is still
// replayed alone once, as shrinking starts; `run` still shrinks on a replay).
const rerunCommand = `npx api-conformance run --runs ${runs} --settle-ms ${settleMs}`;
const runId = `cnf${seed.toString(36)}`;
const settings = { seed, runs, timeoutMs, concurrency, settleMs, shrink: false, runId, rerunCommand };

const runner = await SuiteRunner.create({ settings });
const startUp = process.cpuUsage();
const startUpCpu = (startUp.user + startUp.system) / 1e6;
const upFor = process.uptime().toFixed(1);
process.stderr.write(`fault runner: ready ${upFor} s after start, ${startUpCpu.toFixed(1)} s CPU\n`);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function writeReport(job, reference, results, runErrors, startedAt) {
  const report = buildReport(results, RULES, {
    tool: toolInfo(),
    baseUrl: reference.baseUrl,
    sections: {
      billing: job.suite === 'billing' ? { certified: true } : { certified: false, reason: 'not selected by --suite' },
      assignees:
        job.suite === 'assignees' ? { certified: true } : { certified: false, reason: 'not selected by --suite' },
    },
    startedAt: new Date(startedAt).toISOString(),
    durationMs: results.reduce((sum, result) => sum + result.durationMs, 0),
    seed,
    settings: {
      runs,
      concurrency,
      timeoutMs,
      suites: [job.suite],
      grep: job.checks ? job.checks.map(escapeRegExp).join('|') : null,
      shard: null,
    },
    runErrors,
  });
  rmSync(job.reportDir, { recursive: true, force: true });
  mkdirSync(job.reportDir, { recursive: true });
  writeFileSync(join(job.reportDir, 'conformance.json'), `${JSON.stringify(report)}\n`);
}

// Where a wave's time goes, on stderr (the runner's log): its wall time against the CPU the
// whole process used (the reference in this thread, the checks in vitest's worker), per phase,
// and, per busy thread, its CPU and its wait for a core (Linux's schedstat): wall time that is
// neither is time the thread slept, waiting on a timer or an answer.
function threadTimes() {
  const times = new Map();
  try {
    for (const id of readdirSync('/proc/self/task')) {
      const [cpu, queued] = readFileSync(`/proc/self/task/${id}/schedstat`, 'utf8').split(' ').map(Number);
      const name = readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
      times.set(id, { name, cpu: cpu / 1e9, queued: queued / 1e9 });
    }
  } catch {
    // No /proc (not Linux): the per-thread figures are left out.
  }
  return times;
}

const seconds = (value) => `${value.toFixed(1)} s`;

function timeWave(size) {
  const started = { at: performance.now(), cpu: process.cpuUsage(), threads: threadTimes() };
  // vitest's worker thread ends with the run: its last figures are sampled while it runs.
  const last = new Map();
  const sampler = setInterval(() => {
    for (const [id, times] of threadTimes()) last.set(id, times);
  }, 1000).unref();
  let mark = started;
  const phases = [];
  return {
    phase(name) {
      const now = { at: performance.now(), cpu: process.cpuUsage() };
      const cpu = process.cpuUsage(mark.cpu);
      phases.push(`${name} ${seconds((now.at - mark.at) / 1000)} wall, ${seconds((cpu.user + cpu.system) / 1e6)} CPU`);
      mark = now;
    },
    done() {
      const cpu = process.cpuUsage(started.cpu);
      const wall = (performance.now() - started.at) / 1000;
      const used = (cpu.user + cpu.system) / 1e6;
      clearInterval(sampler);
      const threads = [...new Map([...last, ...threadTimes()])].map(([id, now]) => {
        const before = started.threads.get(id) ?? { cpu: 0, queued: 0 };
        return { name: now.name, cpu: now.cpu - before.cpu, queued: now.queued - before.queued };
      });
      const busy = threads
        .filter((thread) => thread.cpu >= 1)
        .map((thread) => `${thread.name} ${seconds(thread.cpu)} CPU, ${seconds(thread.queued)} waiting for a core`);
      process.stderr.write(
        `fault runner: wave of ${size} jobs: ${seconds(wall)} wall, ${seconds(used)} CPU ` +
          `(${(used / wall).toFixed(2)} cores); ${phases.join('; ')}` +
          `${busy.length > 0 ? `; threads: ${busy.join('; ')}` : ''}\n`,
      );
    },
  };
}

async function certify(wave) {
  const startedAt = Date.now();
  const timing = timeWave(wave.length);
  phase = 'starting references';
  const references = await Promise.all(
    wave.map((job) => startReference({ faults: job.faults ?? [], variants: job.variants ?? [] })),
  );
  timing.phase('references');
  try {
    const jobs = wave.map((job, index) => ({
      id: job.label,
      target: references[index].profile,
      modules: job.modules,
      ...(job.checks ? { checks: job.checks } : {}),
      ...(job.focus ? { focus: job.focus } : {}),
    }));
    const suites = [...new Set(wave.map((job) => job.suite))];
    phase = 'running checks';
    const outcome = await runner.runJobs(jobs, settings, suites);
    timing.phase('checks');
    phase = 'writing reports';
    return wave.map((job, index) => {
      const results = outcome.results.get(job.label) ?? [];
      try {
        writeReport(job, references[index], results, outcome.runErrors, startedAt);
        return { label: job.label, durationMs: results.reduce((sum, result) => sum + result.durationMs, 0) };
      } catch (error) {
        return {
          label: job.label,
          durationMs: 0,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
    });
  } finally {
    timing.phase('reports');
    phase = 'closing references';
    await Promise.all(references.map((reference) => reference.close()));
    timing.phase('closing');
    timing.done();
    phase = 'answering';
  }
}

// Why a runner ended mid-wave, for the log the self-test keeps. Not an event loop drained under
// an await: during a wave the references listen, and stdin stays open between waves. Something
// ends it: an uncaught exception (Node prints it and exits with 1), vitest's handler of an
// unhandled rejection (prints it, then process.exit), a kill, or a SIGTERM or SIGINT. vitest's
// handler of those exits silently, with the code already set: 0 in a first wave, 1 after a
// failing one (every fault run fails). Each is written here at once (writeSync): a write to a
// pipe is asynchronous in Node, and the exit that follows may leave it unwritten.
let open;
let phase = 'idle';
const say = (text) => {
  try {
    writeSync(2, `fault runner: ${text}\n`);
  } catch {
    // stderr is gone: nobody is left to read it.
  }
};
const during = () => (open ? `the wave of ${open}, while ${phase}` : phase);
process.on('uncaughtExceptionMonitor', (error) =>
  say(`uncaught exception during ${during()}: ${error?.stack ?? error}`),
);
// Listened to during a wave only, when vitest's own handlers (which end the process) are there:
// a listener alone would keep the runner alive past the signal.
const SIGNALS = ['SIGTERM', 'SIGINT'];
const onSignal = (signal) => say(`received ${signal} during ${during()}`);
const exit = process.exit.bind(process);
process.exit = (code) => {
  // The stack without its first two lines (the message, this function): who called it.
  const caller = new Error().stack.split('\n').slice(2).join('\n');
  if (open) say(`process.exit(${code ?? ''}) during ${during()}, called\n${caller}`);
  return exit(code);
};
process.on('exit', (code) => {
  if (!open) return;
  say(`exiting (code ${code}) during ${during()}; active: ${process.getActiveResourcesInfo().join(',')}`);
  // vitest's signal handler exits with the code already set, 0 before a failing wave.
  if (!code) process.exitCode = 1;
});

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const wave = JSON.parse(line);
  open =
    wave
      .map((job) => job.label)
      .slice(0, 3)
      .join(', ') + (wave.length > 3 ? ` and ${wave.length - 3} more` : '');
  for (const signal of SIGNALS) process.on(signal, onSignal);
  let answers;
  try {
    answers = await certify(wave);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    answers = wave.map((job) => ({ label: job.label, durationMs: 0, error: message }));
  }
  for (const answer of answers) process.stdout.write(`${JSON.stringify(answer)}\n`);
  for (const signal of SIGNALS) process.off(signal, onSignal);
  open = undefined;
}
await runner.close();
await closeSharedAgent();
