// Certifies the clean reference in-process from the build (dist/) and writes, besides the
// verdict, every check with the rules it declared and covered: the full map the capped
// conformance.json does not carry. Run by the self-test as a child process:
//   node selftest/coverage-run.mjs --seed N --runs N --concurrency N --out FILE

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RULES } from '../dist/contracts/rules/index.js';
import { closeSharedAgent } from '../dist/harness/http-client.js';
import { runSuites, SUITE_NAMES } from '../dist/cli/run-suites.js';
import { buildReport } from '../dist/reports/build-report.js';
import { startReference } from '../dist/reference/server.js';
import { toolInfo } from '../dist/cli/version.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string' },
    concurrency: { type: 'string' },
    out: { type: 'string' },
  },
});
const seed = Number(values.seed);
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const timeoutMs = 10_000;

const reference = await startReference({});
const startedAt = new Date();
try {
  const settings = {
    seed,
    runs,
    timeoutMs,
    concurrency,
    runId: `cnf${seed.toString(36)}`,
    rerunCommand: `npx api-conformance run --runs ${runs}`,
  };
  const outcome = await runSuites({ target: reference.profile, settings, suites: [...SUITE_NAMES] });
  const report = buildReport(outcome.results, RULES, {
    tool: toolInfo(),
    baseUrl: reference.baseUrl,
    sections: { billing: { certified: true }, assignees: { certified: true } },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed,
    settings: { runs, concurrency, timeoutMs, suites: [...SUITE_NAMES], grep: null, shard: null },
    runErrors: outcome.runErrors,
  });
  const checks = outcome.results.map((result) => ({
    name: result.name,
    file: result.file,
    state: result.state,
    durationMs: Math.round(result.durationMs),
    requests: result.meta?.requests ?? 0,
    rules: result.meta?.rules ?? [],
    covered: result.meta?.covered ?? [],
    ...(result.meta?.failure ? { failureRule: result.meta.failure.rule, message: result.meta.failure.message } : {}),
    ...(result.meta?.skipReason ? { skipReason: result.meta.skipReason } : {}),
  }));
  writeFileSync(
    values.out,
    `${JSON.stringify({ durationMs: report.durationMs, runErrors: outcome.runErrors, report, checks }, null, 1)}\n`,
  );
} finally {
  await closeSharedAgent();
  await reference.close();
}
