import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../contracts/package-root.js';
import { bareClient, type BareClientResult } from './bare-client.js';
import { proxyLatency, type ProxyLatencyResult } from './proxy-latency.js';
import { criticalPath, type CriticalPath } from './critical-path.js';
import { startCannedServer } from '../reference/canned-server.js';

// `npm run bench`: benchmarks of the checker (not timed tests). Every child process is killed
// at a bound, every load loop is bounded in time, all traffic goes to 127.0.0.1. Results go to
// bench/out/results.json and a table between markers in BENCHMARKS.md.
//
//   node dist/bench/main.js [--only default,overhead,ceiling,adaptive,latency,stateless,runs,shards,proxy] [--seed N]

const ROOT = packageRoot();
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const WRAPPER = join(ROOT, 'dist', 'bench', 'rss-wrapper.js');
const OUT = join(ROOT, 'bench', 'out');
const LATENCY_MS = 50;
const CHILD_BOUND_MS = 300_000;
const RUNS_1000_BOUND_MS = 240_000;

const TARGETS = {
  defaultWallMs: 30_000,
  /** The reference behind 50 ms, default settings. */
  latencyDefaultWallMs: 15_000,
  /** The stateless mock, against the default run's wall time. */
  statelessOfDefault: 2,
  parallelismOfConcurrency: 0.75,
  peakRssBytes: 300 * 1024 * 1024,
  proxyAddedMedianMs: 2,
};

interface CliMeasure {
  args: string[];
  exitCode: number | null;
  killed: boolean;
  wallMs: number;
  /** conformance.json durationMs: from just before the suites start to the end of the run */
  suiteMs?: number;
  requests?: number;
  requestsPerSecond?: number;
  verdict?: string;
  peakRssBytes?: number;
  /** CPU time of the checker's process, every thread (the embedded reference's too, if any). */
  cpuMs?: number;
}

function log(text: string): void {
  process.stdout.write(`${text}\n`);
}

function runCli(args: string[], reportDir: string, boundMs = CHILD_BOUND_MS): Promise<CliMeasure> {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const rssFile = join(reportDir, '..', `${reportDir.split(/[\\/]/).pop()}.rss`);
  rmSync(rssFile, { force: true });
  const fullArgs = [...args, '--report-dir', reportDir];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [WRAPPER, CLI, ...fullArgs], {
      cwd: ROOT,
      env: { ...process.env, BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, boundMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = Math.round(performance.now() - started);
      const measure: CliMeasure = { args, exitCode: code, killed, wallMs };
      if (existsSync(rssFile)) Object.assign(measure, JSON.parse(readFileSync(rssFile, 'utf8')) as { peakRssBytes: number; cpuMs: number });
      const reportFile = join(reportDir, 'conformance.json');
      if (existsSync(reportFile)) {
        const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { durationMs: number; summary: { requests: number; verdict: string } };
        measure.suiteMs = report.durationMs;
        measure.requests = report.summary.requests;
        measure.verdict = report.summary.verdict;
        measure.requestsPerSecond = round(report.summary.requests / (report.durationMs / 1000));
      }
      if (!killed && code !== 0 && code !== 1) log(`  (exit ${code}: ${stderr.trim().split('\n')[0] ?? ''})`);
      resolve(measure);
    });
  });
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function mb(bytes: number | undefined): string {
  return bytes === undefined ? 'n/a' : `${round(bytes / 1024 / 1024, 0)} MB`;
}

function describe(m: CliMeasure): string {
  return `${m.killed ? 'KILLED at bound, ' : ''}wall ${(m.wallMs / 1000).toFixed(1)} s, suites ${m.suiteMs !== undefined ? (m.suiteMs / 1000).toFixed(1) : '?'} s, ${m.requests ?? '?'} requests, ${m.requestsPerSecond ?? '?'} req/s, CPU ${m.cpuMs !== undefined ? (m.cpuMs / 1000).toFixed(1) : '?'} s, peak RSS ${mb(m.peakRssBytes)}, ${m.verdict ?? `exit ${m.exitCode}`}`;
}

interface Served {
  baseUrl: string;
  profileFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A command of the CLI in a child process, once it prints the URL it listens on. */
function listeningChild(args: string[], listening: RegExp): Promise<{ baseUrl: string; child: ChildProcess; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args[0]} did not start: ${text}`));
    }, 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = listening.exec(text);
      if (match) {
        clearTimeout(timer);
        child.stdout.resume();
        resolve({
          baseUrl: match[1],
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('close', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
            }),
        });
      }
    });
    child.on('error', reject);
  });
}

/** `serve` in a child process (its own event loop, as a real target would have). */
async function serve(name: string, extra: string[] = []): Promise<Served> {
  const profileFile = join(OUT, `${name}.target.json`);
  return { ...(await listeningChild(['serve', '--target-out', profileFile, ...extra], /listening on (http:\/\/127\.0\.0\.1:\d+)/)), profileFile };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** What the billing property suites send most: reads of plan lists, and plan creation. */
const CEILING_ENDPOINTS: Endpoint[] = [
  { name: 'GET /v1/billing/plans?page_size=10', method: 'GET', path: '/v1/billing/plans?page_size=10' },
  {
    name: 'POST /v1/billing/plans (a valid plan)',
    method: 'POST',
    path: '/v1/billing/plans',
    body: JSON.stringify({
      product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
      name: 'ceiling plan',
      billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, frequency: { interval_unit: 'MONTH', interval_count: 1 }, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } } }],
      payment_preferences: { auto_bill_outstanding: true },
    }),
  },
];

/** The server's ceiling on one endpoint: autocannon for a bounded few seconds. */
async function ceiling(baseUrl: string, endpoint: Endpoint, token: string, seconds: number): Promise<AutocannonResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  return autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
    ...(endpoint.body ? { body: endpoint.body } : {}),
    connections: 10,
    duration: seconds,
    timeout: 10,
  });
}

function verdict(pass: boolean): 'PASS' | 'MISS' {
  return pass ? 'PASS' : 'MISS';
}

interface TargetLine {
  target: string;
  measured: string;
  result: 'PASS' | 'MISS' | 'n/a';
}

/** Each rule's status in a run's report. */
function ruleStatuses(reportDir: string): Map<string, string> | undefined {
  const file = join(reportDir, 'conformance.json');
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { rules: Array<{ id: string; status: string }> };
  return new Map(report.rules.map((rule) => [rule.id, rule.status]));
}

interface LatencyDefault extends CliMeasure {
  /** Rules whose status differs from the default run's (no latency); undefined: not compared. */
  differingRules?: string[];
  path?: CriticalPath;
}

/** The reference behind 50 ms at the default settings (the slots follow the latency), with its critical path. */
async function latencyDefault(seed: string): Promise<LatencyDefault> {
  const served = await serve('latency-default', ['--latency-ms', String(LATENCY_MS)]);
  try {
    const dir = join(OUT, 'latency-default');
    const m: LatencyDefault = await runCli(['run', '--target', served.profileFile, '--seed', seed], dir);
    const har = join(dir, 'exchanges.har');
    if (existsSync(har)) m.path = criticalPath(har);
    const [near, far] = [ruleStatuses(join(OUT, 'default')), ruleStatuses(dir)];
    if (near && far) m.differingRules = [...new Set([...near.keys(), ...far.keys()])].filter((id) => near.get(id) !== far.get(id));
    const path = m.path;
    log(`  default settings: ${describe(m)}${path ? `; longest chain ${path.longest.chain} requests (${(path.longest.chainMs / 1000).toFixed(1)} s): ${path.longest.check}; slot waits ${((path.blockedMs ?? 0) / 1000).toFixed(1)} s in all` : ''}`);
    return m;
  } finally {
    await served.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, seed: { type: 'string' } }, strict: true });
  const only = new Set((values.only ?? 'default,overhead,ceiling,adaptive,latency,stateless,runs,shards,proxy').split(',').map((s) => s.trim()));
  const seed = values.seed ?? '424242';
  if (!existsSync(CLI) || !existsSync(WRAPPER)) throw new Error('dist/ is missing: run `npm run build` (npm run bench does)');
  mkdirSync(OUT, { recursive: true });
  const resultsFile = join(OUT, 'results.json');
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  const results: Record<string, unknown> = {
    ...previous,
    machine: { cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', memoryMB: Math.round(totalmem() / 1024 / 1024), node: process.version },
    seed: Number(seed),
    measuredAt: new Date().toISOString(),
  };
  const save = (): void => writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

  if (only.has('default')) {
    log('default run against the embedded reference');
    const m = await runCli(['run', '--seed', seed], join(OUT, 'default'));
    log(`  ${describe(m)}`);
    results.default = m;
    save();
  }

  if (only.has('overhead')) {
    // The fixed cost of a run: vitest start-up, suite files collected, no check selected.
    log('overhead: a run that selects no check (--grep matching nothing)');
    const m = await runCli(['run', '--seed', seed, '--grep', 'no check has this name 9f3c'], join(OUT, 'overhead'));
    log(`  ${describe(m)}`);
    results.overhead = m;
    save();
  }

  if (only.has('ceiling')) {
    // The checker's request rate while its billing property suites run (--runs 100, so that the
    // start-up weighs little), beside what a plain load generator gets from the same server.
    log('driving speed: the billing property suites against a `serve` child, then autocannon on the endpoints they drive most');
    const served = await serve('ceiling');
    try {
      const profile = JSON.parse(readFileSync(served.profileFile, 'utf8')) as { billing: { token: string } };
      const checker = await runCli(['run', '--target', served.profileFile, '--seed', seed, '--runs', '100', '--grep', 'billing/properties'], join(OUT, 'ceiling-checker'));
      log(`  checker: ${describe(checker)}`);
      const summary = (ac: AutocannonResult) => ({ requestsPerSecond: round(ac.requests.average), total: ac.requests.total, non2xx: ac.non2xx, errors: ac.errors, latencyAvgMs: ac.latency.average, latencyP99Ms: ac.latency.p99 });
      const endpoints = [];
      for (const endpoint of CEILING_ENDPOINTS) {
        const ac = await ceiling(served.baseUrl, endpoint, profile.billing.token, 8);
        log(`  autocannon ${endpoint.name}: ${round(ac.requests.average)} req/s (non-2xx ${ac.non2xx}, errors ${ac.errors})`);
        const bare = await bareClient(`${served.baseUrl}${endpoint.path}`, { method: endpoint.method, headers: { authorization: `Bearer ${profile.billing.token}`, accept: 'application/json', 'content-type': 'application/json' }, ...(endpoint.body ? { body: endpoint.body } : {}) }, 8);
        log(`  bare undici client ${endpoint.name}: ${bare.requestsPerSecond} req/s, ${bare.cpuMsPerRequest} ms CPU per request (non-2xx ${bare.non2xx})`);
        endpoints.push({ endpoint: endpoint.name, ...summary(ac), ratio: checker.requestsPerSecond !== undefined ? round(checker.requestsPerSecond / ac.requests.average, 3) : undefined, bare });
      }
      results.ceiling = { checker, endpoints, note: 'checker: --grep billing/properties --runs 100 against serve; autocannon: 10 connections, 8 s per endpoint, after the checker; then a bare undici client (10 in flight, nothing checked), 8 s per endpoint' };
      save();
    } finally {
      await served.stop();
    }
  }

  if (only.has('adaptive')) {
    log(`latency-bound target at the default settings: serve --latency-ms ${LATENCY_MS}`);
    results.latencyDefault = await latencyDefault(seed);
    save();
  }

  if (only.has('latency')) {
    log(`latency-bound target: serve --latency-ms ${LATENCY_MS}`);
    const rows: Array<{ concurrency: number; effectiveParallelism?: number } & CliMeasure> = [];
    for (const concurrency of [1, 4, 8, 16]) {
      const served = await serve(`latency-${concurrency}`, ['--latency-ms', String(LATENCY_MS)]);
      try {
        const m = await runCli(['run', '--target', served.profileFile, '--seed', seed, '--concurrency', String(concurrency)], join(OUT, `latency-${concurrency}`));
        const effectiveParallelism = m.requests !== undefined && m.suiteMs ? round((m.requests * LATENCY_MS) / m.suiteMs, 2) : undefined;
        log(`  --concurrency ${concurrency}: ${describe(m)}, effective parallelism ${effectiveParallelism ?? '?'}`);
        rows.push({ concurrency, effectiveParallelism, ...m });
      } finally {
        await served.stop();
      }
      results.latency = rows;
      save();
    }
  }

  if (only.has('stateless')) {
    log('stateless mock: a billing API answering canned bodies (reference/canned-server.ts), default settings');
    const token = 'bench-canned-token';
    const canned = await startCannedServer(token);
    try {
      const profileFile = join(OUT, 'stateless.target.json');
      writeFileSync(profileFile, JSON.stringify({ baseUrl: canned.url, billing: { token, productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } } }));
      const m = await runCli(['run', '--target', profileFile, '--seed', seed], join(OUT, 'stateless'));
      log(`  ${describe(m)}`);
      results.stateless = m;
      save();
    } finally {
      await canned.close();
    }
  }

  if (only.has('runs')) {
    log('scaling with --runs (embedded reference)');
    const rows: Array<{ runs: number; note?: string } & CliMeasure> = [];
    for (const runs of [10, 100, 1000]) {
      const bound = runs === 1000 ? RUNS_1000_BOUND_MS : CHILD_BOUND_MS;
      const m = await runCli(['run', '--seed', seed, '--runs', String(runs)], join(OUT, `runs-${runs}`), bound);
      log(`  --runs ${runs}: ${describe(m)}`);
      rows.push({ runs, ...m, ...(m.killed ? { note: `killed at ${bound / 1000} s` } : {}) });
      results.runs = rows;
      save();
      if (m.killed && runs === 1000) {
        const capped = await runCli(['run', '--seed', seed, '--runs', '1000', '--suite', 'assignees'], join(OUT, 'runs-1000-assignees'), bound);
        log(`  --runs 1000 --suite assignees: ${describe(capped)}`);
        rows.push({ runs, note: 'capped: --suite assignees', ...capped });
        results.runs = rows;
        save();
      }
    }
  }

  if (only.has('shards')) {
    log('scaling with shards (parallel processes, same seed and --report-dir, then --merge-reports)');
    const rows: Array<{ shards: number; wallMs: number; shardWallMs: number[]; mergeWallMs: number; requests?: number; verdict?: string; peakRssBytes?: number }> = [];
    for (const n of [1, 2, 4]) {
      const dir = join(OUT, `shards-${n}`);
      rmSync(dir, { recursive: true, force: true });
      const started = performance.now();
      const shards = await Promise.all(
        Array.from({ length: n }, (_, i) => runCli(['run', '--seed', seed, '--shard', `${i + 1}/${n}`], join(dir, `s${i + 1}`))),
      );
      // Each shard wrote its shards/ folder (blob and run info) into its own --report-dir, as
      // separate CI machines would: gather them into one, as a CI job gathers artifacts.
      const mergeDir = join(dir, 'merged');
      for (let i = 0; i < n; i += 1) {
        const from = join(dir, `s${i + 1}`, 'shards');
        if (existsSync(from)) cpSync(from, join(mergeDir, 'shards'), { recursive: true });
      }
      const merge = await runCli(['run', '--merge-reports', mergeDir], join(dir, 'report'));
      const wallMs = Math.round(performance.now() - started);
      const row = {
        shards: n,
        wallMs,
        shardWallMs: shards.map((s) => s.wallMs),
        mergeWallMs: merge.wallMs,
        requests: merge.requests,
        verdict: merge.verdict,
        peakRssBytes: Math.max(...shards.map((s) => s.peakRssBytes ?? 0)),
      };
      log(`  ${n} shard(s): wall ${(wallMs / 1000).toFixed(1)} s (shards ${row.shardWallMs.map((w) => (w / 1000).toFixed(1)).join(', ')} s; merge ${(merge.wallMs / 1000).toFixed(1)} s), ${merge.requests ?? '?'} requests, ${merge.verdict ?? `exit ${merge.exitCode}`}`);
      rows.push(row);
      results.shards = rows;
      save();
    }
  }

  if (only.has('proxy')) {
    // What the proxy adds to an exchange: a list of plans, directly and through `proxy`.
    log('proxy: the same request to `serve` directly and through `proxy`, alternated, one at a time');
    const served = await serve('proxy');
    try {
      const profile = JSON.parse(readFileSync(served.profileFile, 'utf8')) as { billing: { token: string } };
      const proxy = await listeningChild(['proxy', '--upstream', served.baseUrl, '--report-dir', join(OUT, 'proxy')], /^listening (http:\/\/127\.0\.0\.1:\d+)$/m);
      try {
        const headers = { authorization: `Bearer ${profile.billing.token}`, accept: 'application/json' };
        const m = await proxyLatency(served.baseUrl, proxy.baseUrl, '/v1/billing/plans?page_size=5', headers, 2000);
        log(`  ${m.pairs} pairs: direct median ${m.directMedianMs} ms, through the proxy ${m.proxiedMedianMs} ms; added median ${m.addedMedianMs} ms (p90 ${m.addedP90Ms} ms)`);
        results.proxy = m;
        save();
      } finally {
        await proxy.stop();
      }
    } finally {
      await served.stop();
    }
  }

  const lines = targetLines(results);
  results.targets = lines;
  save();
  log('\ntargets (2-core machine):');
  for (const line of lines) log(`  ${line.result.padEnd(4)} ${line.target}: ${line.measured}`);
  writeBenchmarksMd(results, lines);
  log(`\nresults: ${resultsFile}; table: BENCHMARKS.md`);
}

interface Ceiling {
  checker: CliMeasure;
  endpoints: Array<{ endpoint: string; requestsPerSecond: number; ratio?: number; bare?: BareClientResult }>;
}

function targetLines(results: Record<string, unknown>): TargetLine[] {
  const lines: TargetLine[] = [];
  const def = results.default as CliMeasure | undefined;
  lines.push(
    def
      ? { target: 'default run < 30 s', measured: `${(def.wallMs / 1000).toFixed(1)} s wall`, result: verdict(!def.killed && def.wallMs < TARGETS.defaultWallMs) }
      : { target: 'default run < 30 s', measured: 'not measured', result: 'n/a' },
  );
  const c = results.ceiling as Ceiling | undefined;
  const adaptive = results.latencyDefault as LatencyDefault | undefined;
  if (adaptive) {
    const same = adaptive.differingRules === undefined ? 'statuses not compared' : adaptive.differingRules.length === 0 ? 'every rule as without latency' : `${adaptive.differingRules.length} rules differ from the run without latency`;
    const ok = !adaptive.killed && adaptive.wallMs <= TARGETS.latencyDefaultWallMs && adaptive.verdict === def?.verdict && adaptive.differingRules?.length === 0;
    lines.push({ target: 'reference behind 50 ms, default settings <= 15 s, same verdict and rule statuses', measured: `${(adaptive.wallMs / 1000).toFixed(1)} s wall, ${adaptive.verdict ?? '?'}, ${same}`, result: verdict(ok) });
  }
  const stateless = results.stateless as CliMeasure | undefined;
  if (stateless && def) {
    const ratio = round(stateless.wallMs / def.wallMs, 2);
    lines.push({ target: 'stateless mock <= 2 x the default run', measured: `${(stateless.wallMs / 1000).toFixed(1)} s wall = ${ratio} x`, result: verdict(!stateless.killed && ratio <= TARGETS.statelessOfDefault) });
  }
  const lat = results.latency as Array<{ concurrency: number; effectiveParallelism?: number }> | undefined;
  for (const row of lat ?? []) {
    const goal = row.concurrency <= 8 ? TARGETS.parallelismOfConcurrency * row.concurrency : undefined;
    lines.push({
      target: `effective parallelism at --concurrency ${row.concurrency}${goal !== undefined ? ` >= ${goal}` : ' (no target above 8)'}`,
      measured: `${row.effectiveParallelism ?? '?'}`,
      result: goal === undefined ? 'n/a' : verdict((row.effectiveParallelism ?? 0) >= goal),
    });
  }
  const proxy = results.proxy as ProxyLatencyResult | undefined;
  lines.push(
    proxy
      ? { target: 'median latency the proxy adds < 2 ms', measured: `${proxy.addedMedianMs} ms (direct ${proxy.directMedianMs} ms, proxied ${proxy.proxiedMedianMs} ms, ${proxy.pairs} pairs)`, result: verdict(proxy.addedMedianMs < TARGETS.proxyAddedMedianMs) }
      : { target: 'median latency the proxy adds < 2 ms', measured: 'not measured', result: 'n/a' },
  );
  const peaks = [def?.peakRssBytes, c?.checker.peakRssBytes, ...((results.runs as CliMeasure[] | undefined) ?? []).map((r) => r.peakRssBytes)].filter((v): v is number => typeof v === 'number');
  if (def?.peakRssBytes !== undefined) lines.push({ target: 'peak memory < 300 MB (default run)', measured: mb(def.peakRssBytes), result: verdict(def.peakRssBytes < TARGETS.peakRssBytes) });
  if (peaks.length > 1) lines.push({ target: 'peak memory < 300 MB (largest of all runs, --runs 1000 included)', measured: mb(Math.max(...peaks)), result: verdict(Math.max(...peaks) < TARGETS.peakRssBytes) });
  return lines;
}

function writeBenchmarksMd(results: Record<string, unknown>, lines: TargetLine[]): void {
  const file = join(ROOT, 'BENCHMARKS.md');
  const machine = results.machine as { cores: number; cpu: string; memoryMB: number; node: string };
  const rows: string[] = [];
  rows.push(`Measured ${String(results.measuredAt)} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, seed ${String(results.seed)}.`, '');
  rows.push('| target | measured | result |', '|---|---|---|');
  for (const line of lines) rows.push(`| ${line.target} | ${line.measured} | ${line.result} |`);
  rows.push('', '| measurement | wall | suites | requests | req/s | CPU | peak RSS | verdict |', '|---|---|---|---|---|---|---|---|');
  const row = (name: string, m: CliMeasure | undefined): void => {
    if (!m) return;
    rows.push(`| ${name} | ${(m.wallMs / 1000).toFixed(1)} s${m.killed ? ' (killed)' : ''} | ${m.suiteMs !== undefined ? `${(m.suiteMs / 1000).toFixed(1)} s` : '-'} | ${m.requests ?? '-'} | ${m.requestsPerSecond ?? '-'} | ${m.cpuMs !== undefined ? `${(m.cpuMs / 1000).toFixed(1)} s` : '-'} | ${mb(m.peakRssBytes)} | ${m.verdict ?? `exit ${m.exitCode}`} |`);
  };
  row('default run, embedded reference', results.default as CliMeasure | undefined);
  row('overhead: run selecting no check', results.overhead as CliMeasure | undefined);
  const c = results.ceiling as Ceiling | undefined;
  row('billing property suites, --runs 100, against `serve` (driving speed)', c?.checker);
  const adaptive = results.latencyDefault as LatencyDefault | undefined;
  row('latency 50 ms, default settings (slots follow the latency)', adaptive);
  row('stateless mock (canned bodies), default settings', results.stateless as CliMeasure | undefined);
  for (const r of (results.latency as Array<CliMeasure & { concurrency: number; effectiveParallelism?: number }> | undefined) ?? []) {
    row(`latency 50 ms, --concurrency ${r.concurrency} (effective parallelism ${r.effectiveParallelism ?? '?'})`, r);
  }
  for (const r of (results.runs as Array<CliMeasure & { runs: number; note?: string }> | undefined) ?? []) row(`--runs ${r.runs}${r.note ? ` (${r.note})` : ''}`, r);
  if (c) {
    rows.push('', `Ceilings (autocannon, 10 connections, 8 s each, same \`serve\` after the checker): ${c.endpoints.map((e) => `${e.endpoint} ${e.requestsPerSecond} req/s`).join('; ')}.`);
    const bare = c.endpoints.filter((e) => e.bare);
    if (bare.length > 0) rows.push(`A bare undici client (10 in flight, reads and parses, checks nothing; same server): ${bare.map((e) => `${e.endpoint} ${e.bare!.requestsPerSecond} req/s at ${e.bare!.cpuMsPerRequest} ms CPU per request`).join('; ')}.`);
    // The request rate against the ceiling is information only: its target was retired (it measured a local loop on 2 shared cores).
    rows.push(`Request rate of the checker against the ceiling (information, not a target): ${c.endpoints.map((e) => `${e.endpoint} ${e.ratio ?? '?'}`).join('; ')}.`);
    if (c.checker.cpuMs !== undefined && c.checker.requests) rows.push(`The checker: ${round(c.checker.cpuMs / c.checker.requests, 3)} ms CPU per request (whole process, start-up included).`);
  }
  const path = adaptive?.path;
  if (path) {
    rows.push('', `Critical path of the 50 ms run at default settings (from its exchanges.har, bench/critical-path.ts): ${path.requests} requests over ${(path.spanMs / 1000).toFixed(1)} s; the longest chain of requests that waited for one another is ${path.longest.chain} requests, ${(path.longest.chainMs / 1000).toFixed(1)} s in flight (${path.longest.check}); requests waited ${((path.blockedMs ?? 0) / 1000).toFixed(1)} s for a free slot in all.`);
    rows.push('', '| check (the 8 that ended last) | started | ended | requests | longest chain | chain in flight | slot waits |', '|---|---|---|---|---|---|---|');
    for (const one of path.checks.slice(0, 8)) rows.push(`| ${one.check.replace(/\|/g, '/')} | ${(one.startMs / 1000).toFixed(1)} s | ${(one.endMs / 1000).toFixed(1)} s | ${one.requests} | ${one.chain} | ${(one.chainMs / 1000).toFixed(1)} s | ${(one.blockedMs / 1000).toFixed(1)} s |`);
  }
  const shards = results.shards as Array<{ shards: number; wallMs: number; shardWallMs: number[]; mergeWallMs: number; requests?: number; verdict?: string }> | undefined;
  if (shards) {
    rows.push('', '| shards (parallel processes) | wall incl. merge | each shard | merge | requests | verdict |', '|---|---|---|---|---|---|');
    for (const s of shards) rows.push(`| ${s.shards} | ${(s.wallMs / 1000).toFixed(1)} s | ${s.shardWallMs.map((w) => (w / 1000).toFixed(1)).join(', ')} s | ${(s.mergeWallMs / 1000).toFixed(1)} s | ${s.requests ?? '-'} | ${s.verdict ?? '-'} |`);
  }
  const table = rows.join('\n');
  const begin = '<!-- bench:begin (written by npm run bench) -->';
  const end = '<!-- bench:end -->';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n\`npm run bench\` re-measures; the table below is rewritten, the rest of this file is not.\n\n${begin}\n${end}\n`;
  const next = current.includes(begin) && current.includes(end)
    ? `${current.slice(0, current.indexOf(begin) + begin.length)}\n${table}\n${current.slice(current.indexOf(end))}`
    : `${current.trimEnd()}\n\n${begin}\n${table}\n${end}\n`;
  writeFileSync(file, next);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
