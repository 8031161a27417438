// Certifies one faulty reference after another in one vitest instance (dist/cli/run-suites.js
// SuiteRunner), so that the self-test pays vitest's start-up once per runner, not once per fault.
// A job per line on stdin; a line of JSON per job on stdout when its report is written:
//   in:  {"label","faults":[],"suite","grep","modules":[],"reportDir"}
//   out: {"label","durationMs","error"?}
// Started by selftest/support/fault-runners.ts: node selftest/fault-runner.mjs --seed N --runs N --concurrency N

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { RULES } from '../dist/contracts/rules/index.js';
import { closeSharedAgent } from '../dist/harness/http-client.js';
import { SuiteRunner } from '../dist/cli/run-suites.js';
import { buildReport } from '../dist/reports/build-report.js';
import { startReference } from '../dist/reference/server.js';
import { toolInfo } from '../dist/cli/version.js';

const { values } = parseArgs({ options: { seed: { type: 'string' }, runs: { type: 'string' }, concurrency: { type: 'string' } } });
const seed = Number(values.seed);
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const timeoutMs = 10_000;
const settings = { seed, runs, timeoutMs, concurrency, runId: `cnf${seed.toString(36)}`, rerunCommand: `npx api-conformance run --runs ${runs}` };

const runner = await SuiteRunner.create({ settings });

async function certify(job) {
  const started = Date.now();
  const reference = await startReference({ faults: job.faults ?? [], variants: job.variants ?? [] });
  try {
    const outcome = await runner.run({ target: reference.profile, settings, suites: [job.suite], grep: job.grep, modules: job.modules });
    const report = buildReport(outcome.results, RULES, {
      tool: toolInfo(),
      baseUrl: reference.baseUrl,
      sections: {
        billing: job.suite === 'billing' ? { certified: true } : { certified: false, reason: 'not selected by --suite' },
        assignees: job.suite === 'assignees' ? { certified: true } : { certified: false, reason: 'not selected by --suite' },
      },
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      seed,
      settings: { runs, concurrency, timeoutMs, suites: [job.suite], grep: job.grep ?? null, shard: null },
      runErrors: outcome.runErrors,
    });
    rmSync(job.reportDir, { recursive: true, force: true });
    mkdirSync(job.reportDir, { recursive: true });
    writeFileSync(join(job.reportDir, 'conformance.json'), `${JSON.stringify(report)}\n`);
    return { label: job.label, durationMs: Date.now() - started };
  } finally {
    await reference.close();
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const job = JSON.parse(line);
  let answer;
  try {
    answer = await certify(job);
  } catch (error) {
    answer = { label: job.label, durationMs: 0, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await runner.close();
await closeSharedAgent();
