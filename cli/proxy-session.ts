import { request } from '../harness/lazy-undici.js';
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
import { reportWriteError } from './report-dir.js';
import type { Api } from '../contracts/operations.js';
import { toolInfo } from './version.js';
import { printCertificate } from './certificate-line.js';
import { writeCertificate } from '../certificate/write-certificate.js';

// A proxy session once its arguments hold (cli/proxy-command.ts): the upstream probed, the
// traffic forwarded and judged until the session stops, then the reports and the certificate.

/** The session `proxy` was asked for, its arguments checked. */
export interface ProxySessionOptions {
  upstream: URL;
  port: number;
  durationS: number | undefined;
  timeoutMs: number;
  apis: ReadonlySet<Api>;
  reportDir: string;
  args: string[];
}

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

export async function proxySession(options: ProxySessionOptions, out: (text: string) => void): Promise<number> {
  const { upstream, port, durationS, timeoutMs, apis, reportDir, args } = options;
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
