import { join, resolve } from 'node:path';
import { APIS } from '../contracts/operations.js';
import { checkBaseUrl } from './base-url.js';
import { EXIT, UsageError } from './errors.js';
import { integerFlag, parseFlags, suitesFlag } from './options.js';
import { ensureWritableDir } from './report-dir.js';

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
  // The session (the HTTP client, the judging, the reports) loads once the arguments hold.
  const session = { upstream, port, durationS, timeoutMs, apis, reportDir, args };
  return (await import('./proxy-session.js')).proxySession(session, out);
}
