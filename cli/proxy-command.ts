import { join, resolve } from 'node:path';
import { request } from 'undici';
import { RULES } from '../contracts/rules/index.js';
import { buildReport, type RunInfo } from '../reports/build-report.js';
import type { ConformanceReport } from '../reports/model.js';
import { atMostPartial } from '../reports/section-verdicts.js';
import { writeReports } from '../reports/write-reports.js';
import { PROXIED_CLIENT, ProxySession } from '../proxy/session.js';
import { commandLine } from './command-line.js';
import { countsText, verdictText } from './colour.js';
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { freshTrafficFile, sealExchangesHar } from './exchanges-har.js';
import { integerFlag, parseFlags, suitesFlag } from './options.js';
import { ensureWritableDir, reportWriteError } from './report-dir.js';
import { APIS, type Api } from '../contracts/operations.js';
import { checkBaseUrl } from './base-url.js';
import { toolInfo } from './version.js';
import { printCertificate } from './certificate-line.js';
import { writeCertificate } from '../certificate/write-certificate.js';

export const PROXY_HELP = `Usage: api-conformance proxy --upstream URL [options]

Listens on 127.0.0.1, forwards every request to the upstream unchanged and returns its answer
unchanged, and judges every exchange against the specs as \`run\` does: the request against the
request contracts (a request the client got wrong is reported as the client's; the server is
charged only where \`run\` would fail the same answer), the answer against what the spec states
for that operation, judged on bodies decoded from gzip, deflate or br, and what a sequence of
exchanges shows (a plan read after a patch shows the patched value, a new subscription awaits
approval, ...). A rule that depends on a plan's or subscription's state is judged only where the
traffic showed the state. Stop it with Ctrl-C or SIGTERM (or --duration): it writes
conformance.json, junit.xml, summary.md, report.html and exchanges.har, with each rule passed,
failed or "not observed".

  --upstream URL     the server to forward to (http or https, no user:password@)
  --port N           port to listen on (default 0: any free port; the line
                     "listening http://127.0.0.1:PORT" says which)
  --report-dir DIR   where the reports go (default reports/proxy)
  --suite a,b        which APIs to judge: billing, assignees (default: both); other
                     traffic is forwarded all the same
  --duration S       stop by itself after S seconds
  --timeout-ms N     how long the upstream may take to answer (default 120000)
  --help             this text

The client's Authorization header goes to the upstream unchanged, to no one else, and is never
written anywhere. A proxy judges only what the traffic showed: its verdict is at most PARTIAL
unless a MUST rule failed (NON_CONFORMANT).

Exit codes: 0 nothing observed broke a MUST rule, 1 NON_CONFORMANT, 2 usage error, 3 the
upstream could not be reached, 4 observed exchanges could not be judged to a verdict.`;

const FLAGS = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  'report-dir': { type: 'string' },
  suite: { type: 'string' },
  duration: { type: 'string' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Any answer at all means reachable; a transport failure is exit 3. */
async function probeUpstream(upstream: URL, timeoutMs: number): Promise<void> {
  try {
    const answer = await request(upstream, { method: 'GET', signal: AbortSignal.timeout(Math.min(timeoutMs, 10_000)) });
    await answer.body.dump();
  } catch (error) {
    throw new UnreachableError(`the upstream ${upstream.origin} could not be reached: ${(error as Error).message}`);
  }
}

function waitForStop(durationS: number | undefined): Promise<string> {
  return new Promise((done) => {
    const finish = (why: string): void => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      if (timer) clearTimeout(timer);
      done(why);
    };
    const onInt = (): void => finish('SIGINT');
    const onTerm = (): void => finish('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    const timer =
      durationS !== undefined ? setTimeout(() => finish(`--duration ${durationS}`), durationS * 1000) : undefined;
  });
}

/** Reasons and verdict as a proxy can give them: "not observed", and never more than PARTIAL. */
function asObserved(report: ConformanceReport, observed: number): void {
  for (const rule of report.rules) {
    if (rule.status === 'skipped' && rule.checks.length === 0 && /^not exercised/.test(rule.reason ?? ''))
      rule.reason = 'not observed: no exchange through the proxy reached it';
  }
  if (report.summary.verdict === 'CONFORMANT') {
    report.summary.verdictNote =
      `a proxy judges only the traffic it saw: ${observed} rule(s) observed of ` +
      `${report.summary.rules}; nothing observed broke a MUST rule`;
  }
  atMostPartial(report.summary, 'a proxy judges only the traffic it saw');
}

/** What the report says about the session: the upstream, what was judged, the command that ran. */
function sessionInfo(
  upstream: URL,
  apis: ReadonlySet<Api>,
  startedAt: Date,
  timeoutMs: number,
  args: string[],
  session: ProxySession,
): RunInfo {
  const section = (api: Api) =>
    apis.has(api) ? { certified: true } : { certified: false, reason: 'not selected by --suite' };
  return {
    tool: toolInfo(),
    baseUrl: upstream.toString(),
    sections: { billing: section('billing'), assignees: section('assignees') },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed: 0,
    settings: {
      runs: 1,
      concurrency: 1,
      timeoutMs,
      suites: [...apis],
      grep: null,
      shard: null,
      commandLine: commandLine('proxy', args),
      proxy: { upstream: upstream.toString(), exchanges: session.observations.exchanges },
    },
    runErrors: [...session.runErrors],
  };
}

export async function proxyCommand(args: string[], out: (text: string) => void): Promise<number> {
  const flags = parseFlags(args, FLAGS, 'proxy');
  if (flags.help) {
    out(PROXY_HELP);
    return EXIT.conformant;
  }
  if (typeof flags.upstream !== 'string')
    throw new UsageError('proxy: --upstream URL is required (the server to forward to)');
  checkBaseUrl(flags.upstream, '--upstream');
  const upstream = new URL(flags.upstream);
  const port = integerFlag(flags.port, 'port', 0, 65535) ?? 0;
  const durationS = integerFlag(flags.duration, 'duration', 1, 7 * 24 * 3600);
  const timeoutMs = integerFlag(flags['timeout-ms'], 'timeout-ms', 100, 600_000) ?? 120_000;
  const suites = suitesFlag(flags.suite);
  const apis = new Set(suites.length > 0 ? suites : [...APIS]);
  const reportDir = resolve(typeof flags['report-dir'] === 'string' ? flags['report-dir'] : join('reports', 'proxy'));
  ensureWritableDir(reportDir, '--report-dir');
  await probeUpstream(upstream, timeoutMs);

  const session = new ProxySession({ upstream, port, apis, trafficFile: freshTrafficFile(reportDir), timeoutMs });
  let url: string;
  try {
    url = await session.start();
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE')
      throw new UsageError(`proxy: port ${port} is already in use`);
    throw error;
  }
  const startedAt = new Date();
  out(`listening ${url}`);
  out(
    `forwarding to ${upstream.origin}${upstream.pathname === '/' ? '' : upstream.pathname}; ` +
      `judging ${[...apis].join(' and ')}; stop with Ctrl-C` +
      (durationS !== undefined ? ` or after ${durationS} s` : ''),
  );
  const why = await waitForStop(durationS);
  await session.stop();

  const observations = session.observations;
  const info = sessionInfo(upstream, apis, startedAt, timeoutMs, args, session);
  const report = buildReport(observations.results(), RULES, info);
  const observed = report.rules.filter((rule) => rule.checks.length > 0).length;
  asObserved(report, observed);
  const mistakes = observations.clientMistakes();
  if (mistakes.length > 0) report.clientMistakes = mistakes;
  const secrets = [...session.secrets];
  let files: string[];
  try {
    files = writeReports(report, reportDir, secrets);
  } catch (error) {
    if ((error as { code?: string }).code) throw reportWriteError(reportDir, error);
    throw error;
  }
  const har = sealExchangesHar(reportDir, secrets);
  // Last, once every report and the HAR are complete; a session is judged traffic, not signed.
  const certificate = await writeCertificate(reportDir);
  const s = report.summary;
  out(
    `stopped (${why}): ${observations.exchanges} exchange(s) judged` +
      (observations.droppedFailures > 0
        ? ` (${observations.droppedFailures} more failing exchanges not kept as evidence)`
        : ''),
  );
  for (const mistake of mistakes.slice(0, 5))
    out(`  client: ${mistake.rule} broken ${mistake.count} time(s), e.g. ${mistake.message}`);
  out(`reports: ${files.join(', ')}`);
  out(
    `exchanges: ${har.file} (${har.entries} exchange${har.entries === 1 ? '' : 's'} of the ${PROXIED_CLIENT}, HAR 1.2)`,
  );
  printCertificate(certificate, reportDir, out);
  out(
    `${verdictText(s.verdict, s.verdict)}: ${countsText(s, 'not observed or skipped')} of ` +
      `${s.rules} rules; ${s.requests} requests`,
  );
  if (s.verdictNote) out(`  ${verdictText(s.verdict, s.verdict)}: ${s.verdictNote}`);
  if (s.verdict === 'NON_CONFORMANT') return EXIT.notConformant;
  if (s.verdict === 'INCOMPLETE') return EXIT.incomplete;
  return EXIT.conformant;
}
