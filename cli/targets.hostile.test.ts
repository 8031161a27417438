import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkTimeoutMs } from './run-suites.js';
import {
  requestsContain,
  startHostileServer,
  startRecordingServer,
  type HostileMode,
  type HostileServer,
} from '../harness/hostile/test-support/servers.js';
import {
  badChecks,
  cliPath,
  filesUnder,
  freshTokens,
  readReport,
  REPORT_FILES,
  runCli,
  writeProfile,
  type CliRun,
  type HostileTokens,
} from '../harness/hostile/test-support/run-cli.js';

// The built CLI against misbehaving servers (needs dist/: `npm test` builds first). For each:
// the run ends in bounded time, does not crash, writes its report, names what happened in the
// checks that could not pass, and never leaks a token: not to another origin, not to any output.

/**
 * The hanging server is the case about timeouts: its requests hang, and a short timeout keeps the
 * run short. It answers the reachability probe at once, but from this test's process, which shares
 * 2 loaded cores with three CLI runs: 500 ms was once missed (exit 3 after 5.7 s).
 */
const HANG_TIMEOUT_MS = 2_000;
/**
 * Every other server answers at once: the timeout only bounds a run the machine slows down. At
 * 500 ms, on 2 cores shared with the rest of `npm test` (load 8), every request of the html case
 * timed out before its answer was read, and no check could name the content-type; the huge-body
 * case needs more than 500 ms to read up to the client's body limit (8 MB of a 20 MB answer).
 */
const TIMEOUT_MS = 5_000;
/**
 * Hard bound of one run. A run against a fast-failing server takes 10-20 s on 2 cores (vitest
 * start-up and ~30 suite files); a hanging or rate-limiting server may add the client's bounded
 * waits (a few timeouts, one 10 s Retry-After bound). Before the fail-fast fixes the hanging
 * server took 44 s alone and the 429 server over 3 minutes; runs here share the 2 cores, 3 at once,
 * alongside the rest of `npm test`: in fresh-clone CI runs of 2026-11-27 the html case took 75 and
 * 92 s, storm-500 67-76 s, rate-limit 72-84 s. The hanging server has its own, tighter bound below
 * (a check's time limit).
 */
const RUN_BOUND_MS = 150_000;
const KILL_AFTER_MS = RUN_BOUND_MS + 20_000;
/** Requests that reach a hanging server: a few per worker before the client stops sending. */
const HANG_REQUEST_BOUND = 80;

const LOAD_TIMEOUT = /\(timeout\)|stopped answering/;

interface Case {
  mode: HostileMode;
  /** What every check that ended as error or failed must name (message or received). */
  names: RegExp;
  /**
   * For answers that parse badly: a check whose own message does not name the cause (a suite's
   * "id missing") passes when its evidence shows the hostile answer, so a certifier sees it.
   */
  shownBy?: (response: { status: number; headers: Record<string, string>; body: string }) => boolean;
  /** What at least one of them must name. */
  someName?: RegExp;
  /** What the diagnosis at the top of the report must say, and the flag it must advise. */
  diagnosis?: { says: RegExp; advises: RegExp };
}

const CASES: Case[] = [
  {
    mode: 'hang',
    names: /timeout|stopped answering/i,
    diagnosis: { says: /timed out/, advises: /^--timeout-ms \d+$/ },
  },
  { mode: 'reset', names: /connection reset/i, diagnosis: { says: /reset/, advises: /^--concurrency \d+$/ } },
  {
    mode: 'invalid-json',
    names: /JSON|\b200\b/,
    someName: /not JSON/,
    shownBy: (r) => r.status === 200 && r.body.startsWith('{"id": "P-1", "status": "ACTIVE", "name": '),
  },
  { mode: 'huge-body', names: /larger than \d+ bytes|timeout|stopped answering/i, someName: /larger than \d+ bytes/ },
  {
    mode: 'html',
    names: /text\/html|JSON|\b200\b/,
    someName: /content-type text\/html/,
    shownBy: (r) => /text\/html/.test(r.headers['content-type'] ?? ''),
  },
  { mode: 'storm-500', names: /\b500\b/, diagnosis: { says: /answered 5xx/, advises: /^--concurrency \d+$/ } },
  { mode: 'redirect', names: /\b307\b|redirect/i },
  {
    mode: 'rate-limit',
    names: /\b429\b|rate limit|retry-after/i,
    diagnosis: { says: /^of \d+ requests, \d+% answered 429/m, advises: /^--rate \d+$/ },
  },
];

interface Outcome {
  run: CliRun;
  tokens: HostileTokens;
  server: HostileServer;
  other: HostileServer;
}

const scratch = mkdtempSync(join(tmpdir(), 'hostile-'));

/**
 * At most `slots` CLI runs at once: each starts vitest with worker threads on 2 cores. The
 * servers live in this process, so a run that streams 20 MB bodies takes every slot: beside it,
 * the other servers' answers (even the reachability probe) could miss a 500 ms timeout.
 */
function limiter(slots: number): <T>(weight: number, task: () => Promise<T>) => Promise<T> {
  let used = 0;
  const queue: Array<{ weight: number; start: () => void }> = [];
  const next = (): void => {
    while (queue.length > 0 && used + queue[0].weight <= slots) {
      const entry = queue.shift()!;
      used += entry.weight;
      entry.start();
    }
  };
  return async <T>(weight: number, task: () => Promise<T>): Promise<T> => {
    await new Promise<void>((start) => {
      queue.push({ weight: Math.min(weight, slots), start });
      next();
    });
    try {
      return await task();
    } finally {
      used -= Math.min(weight, slots);
      next();
    }
  };
}
const SLOTS = 3;
const limit = limiter(SLOTS);
/** Every test may wait for the runs queued before it. */
const TEST_TIMEOUT_MS = 6 * KILL_AFTER_MS;

function timeoutFor(mode: HostileMode): number {
  return mode === 'hang' ? HANG_TIMEOUT_MS : TIMEOUT_MS;
}

async function certify(mode: HostileMode): Promise<Outcome> {
  const other = await startRecordingServer();
  const server = await startHostileServer(mode, { redirectTo: other.url });
  const dir = mkdtempSync(join(scratch, `${mode}-`));
  const tokens = freshTokens();
  const profile = writeProfile(dir, server.url);
  try {
    const run = await runCli(['run', '--target', profile, '--timeout-ms', String(timeoutFor(mode)), '--seed', '7'], {
      env: { HOSTILE_BILLING_TOKEN: tokens.billing, HOSTILE_PUSH_TOKEN: tokens.push, HOSTILE_READ_TOKEN: tokens.read },
      killAfterMs: KILL_AFTER_MS,
      reportDir: join(dir, 'report'),
    });
    return { run, tokens, server, other };
  } finally {
    await server.close();
    await other.close();
  }
}

function allOutputs(run: CliRun): Array<{ file: string; text: string }> {
  return [{ file: 'stdout', text: run.stdout }, { file: 'stderr', text: run.stderr }, ...filesUnder(run.reportDir)];
}

function expectNoLeak(outcome: Outcome): void {
  const secrets = Object.values(outcome.tokens);
  for (const { file, text } of allOutputs(outcome.run)) {
    for (const secret of secrets) expect(text.includes(secret), `a token appears in ${file}`).toBe(false);
  }
  expect(requestsContain(outcome.other.requests, secrets), 'a token reached the other origin').toBe(false);
}

function expectNoCrash(run: CliRun): void {
  expect(run.stderr).not.toMatch(/internal error|^\s+at .+:\d+:\d+\)?$/m);
  expect(run.stdout).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
}

beforeAll(() => {
  if (!existsSync(cliPath())) throw new Error(`${cliPath()} is missing: run \`npm run build\` first (npm test does)`);
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe.concurrent('the CLI against a hostile target', () => {
  for (const c of CASES) {
    test(
      `${c.mode}: ends in bounded time, writes the report, names what happened, leaks no token`,
      async () => {
        const outcome = await limit(c.mode === 'huge-body' ? SLOTS : 1, () => certify(c.mode));
        const { run } = outcome;
        const context =
          `${c.mode}: exit ${run.code} after ${run.durationMs} ms\n` + `${run.stdout.slice(-1500)}\n${run.stderr}`;

        expect(run.killed, context).toBe(false);
        if (c.mode !== 'hang') expect(run.durationMs, context).toBeLessThan(RUN_BOUND_MS);
        // Never 0: a gate must not go green on a target that verified nothing. 4 (INCOMPLETE) when
        // checks could not reach a verdict and none failed a MUST rule.
        expect([1, 4], context).toContain(run.code);
        if (c.mode === 'rate-limit') expect(run.code, context).toBe(4);
        expectNoCrash(run);
        for (const file of REPORT_FILES) expect(existsSync(join(run.reportDir, file)), `${file} written`).toBe(true);

        const report = readReport(run.reportDir);
        // Nothing this server says can make the target certified.
        expect(report.summary.verdict).not.toBe('CONFORMANT');
        const bad = badChecks(report);
        expect(bad.length, 'checks that ended as error or failed').toBeGreaterThan(0);
        for (const check of bad) {
          const said = `${check.message ?? ''} ${check.received ?? ''}`;
          // On 2 busy cores a local answer can still miss the timeout: that is named too.
          if (check.status === 'error' && LOAD_TIMEOUT.test(said)) continue;
          if (
            c.shownBy &&
            !c.names.test(said) &&
            (check.evidence ?? []).some((e) => e.response !== undefined && c.shownBy!(e.response))
          )
            continue;
          expect(said, `check "${check.name}" (${check.status}) does not name what happened`).toMatch(c.names);
        }
        if (c.someName) expect(bad.map((check) => check.message ?? '').join('\n')).toMatch(c.someName);
        if (c.diagnosis) {
          const diagnosis = report.summary.diagnosis;
          expect(diagnosis?.lines.join('\n'), 'the diagnosis names what the target did').toMatch(c.diagnosis.says);
          expect(
            diagnosis?.advice.map((a) => a.change),
            'the diagnosis names the flag that helps',
          ).toEqual(expect.arrayContaining([expect.stringMatching(c.diagnosis.advises)]));
          expect(readFileSync(join(run.reportDir, 'summary.md'), 'utf8')).toMatch(
            /^# .*\n\n\*\*Diagnosis of the target\*\*/,
          );
          expect(run.stdout).toMatch(/^diagnosis of the target:$/m);
        }

        if (c.mode === 'hang') {
          // What matters: the checker stops sending to a server that does not answer, and ends well
          // within the run's own limits, before a single check could reach its time limit.
          expect(outcome.server.requests.length, 'requests sent to a server that never answers').toBeLessThanOrEqual(
            HANG_REQUEST_BOUND,
          );
          expect(run.durationMs, context).toBeLessThan(
            checkTimeoutMs({
              seed: 7,
              runs: 10,
              timeoutMs: HANG_TIMEOUT_MS,
              concurrency: 8,
              runId: 'cnf7',
              rerunCommand: '',
            }),
          );
        }
        if (c.mode === 'redirect') expect(outcome.other.requests, 'the redirect was followed').toHaveLength(0);
        expectNoLeak(outcome);
      },
      TEST_TIMEOUT_MS,
    );
  }

  test(
    'a target that never answers at all (not even GET /): exit 3 in bounded time, one line, no token',
    async () => {
      const outcome = await limit(1, () => certify('hang-all'));
      const { run } = outcome;
      expect(run.killed).toBe(false);
      expect(run.durationMs).toBeLessThan(RUN_BOUND_MS);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/^error: cannot reach http:\/\/127\.0\.0\.1:\d+: .*timeout/);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      // The reports are written all the same, with the cause: CI's artifact steps find them.
      for (const file of REPORT_FILES) expect(existsSync(join(run.reportDir, file)), `${file} written`).toBe(true);
      const report = readReport(run.reportDir);
      expect(report.summary.verdict).toBe('INCOMPLETE');
      expect(report.summary.verdictNote).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+/);
      expectNoCrash(run);
      expectNoLeak(outcome);
    },
    TEST_TIMEOUT_MS,
  );
});
