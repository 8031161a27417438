import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DEFAULT_SETTLE_MS } from '../harness/settle.js';
import { APIS as SUITE_NAMES } from '../contracts/operations.js';
import { checkBaseUrl } from './base-url.js';
import { EXIT, UsageError } from './errors.js';
import { integerFlag, listFlag, optional, parseFlags, patternFlag, rateFlag, suitesFlag } from './options.js';
import { RERUN_FLAGS } from './command-line.js';
import type { RunOptions } from './run-options.js';
import type { LoadedBaseline } from '../baseline/file.js';

// What `run` is asked to do. Only the arguments are read here: what a run loads (vitest, the
// reports, the HTTP client, the reference) waits until they hold, so a usage error or --help
// is told without loading it (cli/certify-command.ts).

export const RUN_HELP = `Usage: api-conformance run [options]

Certifies a target against the billing and assignee specs and writes conformance.json,
junit.xml, summary.md, report.html and conformance.sarif. With no --target and no --base-url
it starts the embedded reference implementation and certifies that.

  --target FILE        target profile (JSON; "\${ENV}" in strings reads the environment)
  --base-url URL       the target's base URL (no user:password@; tokens go in the
                       profile); alone, a quick look: only checks that need no
                       credentials run, the rest are skipped with the reason, and
                       nothing is certified (exit 4); with --target, overrides the
                       profile's baseUrl
  --suite a,b          billing, assignees (default: both)
  --grep TEXT          only checks whose name or module (billing/properties/shapes)
                       matches TEXT (a regular expression; a run of some checks is
                       at most PARTIAL)
  --rule ID|REGEX      only the checks that declare rule ID, or a rule whose id the
                       regular expression matches (billing\\.plan\\.name); repeatable.
                       Those checks judge the rules they declare, and the report
                       also shows the rules they credit on the way. At most PARTIAL
  --seed N             replay a run exactly (default: random, printed)
  --runs N             generated cases per property (default 10)
  --concurrency N      requests in flight at once, at most; independent checks and
                       property cases run side by side to keep them busy. Not given: 8,
                       growing up to 32 while the target answers slowly (20 ms or more)
                       and no slower under the load, back to 8 when it slows (a far
                       staging server is certified in a fraction of the time); --rate
                       still bounds it. Given: exactly that ceiling, never more
  --timeout-ms N       timeout of every request (default 10000)
  --rate N             at most N requests per second across the whole run (default: no
                       bound); requests leave evenly spaced. After repeated 429 answers
                       the rate halves (not below 1 per second) and the report says so
  --settle-ms N        how long a read that expects a write to be visible (a new plan in
                       the list, a patch in show) is retried before the check fails
                       (default 2000; 0: at once); the report says how long it took
  --report-dir DIR     where the reports go (default reports/out)
  --shard i/n          run only shard i of n; merge the shards with --merge-reports
  --merge-reports DIR  build one report (and one ledger) from the shard results in DIR:
                       the --report-dir the shards shared, or a folder holding each
                       shard's --report-dir (shards run on separate machines)
  --strict             a PARTIAL verdict exits 1 too
  --sign-key FILE      sign the run's certificate (attestation.dsse.json) with this
                       Ed25519 private key from \`keygen\` (default: the profile's
                       signing.keyFile); every report folder gets attestation.json and a
                       badge per certified API, signed or not (a shard's: when merged)
  --baseline FILE      gate the exit code on new failures only: the failures FILE lists
                       (\`baseline write\` makes it) exit 0 until their entry's expiry
                       date; a failure it does not list, or one past its date, exits 1.
                       The verdict, the badges and the certificate stay the run's; the
                       reports and the attestation say the run was gated by it
  --plan               send nothing: print the checks that would run, the requests they
                       send and the plans and subscriptions they create (counted on the
                       embedded reference with the same seed and --runs: the numbers of a
                       conformant server)
  --faults a,b         (embedded reference only) switch on reference faults
  --variant a,b        (embedded reference only) switch on legal variants
  --help               this text

In a GitHub Actions step (GITHUB_STEP_SUMMARY set), summary.md also goes into the job summary
and each failed or warned rule becomes an annotation at its spec sentence.

Ctrl-C (or SIGTERM) stops the run: no more checks start, running ones finish and clean up
(bounded), the reports are written marked interrupted, and the exit code is 130 (143 for
SIGTERM). A second Ctrl-C stops at once, without reports.

Exit codes: 0 conformant (or partial: only skips the profile chose), 1 not conformant (or
partial under --strict), 2 usage or profile error, 3 the target could not be reached (reports
written), 4 incomplete: nothing certified (a quick look, no profile section for the suites) or
checks could not reach a verdict, and no MUST rule failed, 130 interrupted. No run that
certified nothing exits 0.`;

const FLAGS = {
  target: { type: 'string' },
  'base-url': { type: 'string' },
  suite: { type: 'string' },
  grep: { type: 'string' },
  rule: { type: 'string', multiple: true },
  seed: { type: 'string' },
  runs: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  rate: { type: 'string' },
  'settle-ms': { type: 'string' },
  'report-dir': { type: 'string' },
  shard: { type: 'string' },
  'merge-reports': { type: 'string' },
  strict: { type: 'boolean' },
  'sign-key': { type: 'string' },
  baseline: { type: 'string' },
  plan: { type: 'boolean' },
  faults: { type: 'string' },
  variant: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function parseRunOptions(args: string[]): Promise<RunOptions | 'help'> {
  const flags = parseFlags(args, FLAGS, 'run');
  if (flags.help) return 'help';
  const suites = suitesFlag(flags.suite);
  const shard = typeof flags.shard === 'string' ? flags.shard : undefined;
  if (shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]))
      throw new UsageError(`--shard must be i/n with 1 <= i <= n, got "${shard}"`);
  }
  const baseUrl = typeof flags['base-url'] === 'string' ? flags['base-url'] : undefined;
  if (baseUrl !== undefined) checkBaseUrl(baseUrl, '--base-url');
  const grep = typeof flags.grep === 'string' ? flags.grep : undefined;
  if (grep !== undefined) patternFlag(grep, 'grep');
  const ruleValues = (flags.rule as unknown as string[] | undefined) ?? [];
  const targetFile = typeof flags.target === 'string' ? flags.target : undefined;
  const signKeyFile = typeof flags['sign-key'] === 'string' ? flags['sign-key'] : undefined;
  if (signKeyFile !== undefined && shard !== undefined) {
    throw new UsageError('--sign-key signs a whole run: give it to `run --merge-reports DIR` that joins the shards');
  }
  const baselineFile = typeof flags.baseline === 'string' ? flags.baseline : undefined;
  if (baselineFile !== undefined && shard !== undefined)
    throw new UsageError('--baseline gates a whole run: give it to `run --merge-reports DIR` that joins the shards');
  if (baselineFile !== undefined && flags.plan === true)
    throw new UsageError('--baseline and --plan do not go together: --plan runs nothing, so nothing is gated');
  const faults = listFlag(flags.faults);
  const variants = listFlag(flags.variant);
  if ((faults.length > 0 || variants.length > 0) && (targetFile || baseUrl)) {
    throw new UsageError(
      '--faults and --variant apply to the embedded reference only; drop --target/--base-url, or start it with `serve`',
    );
  }
  const rerunFlags: RunOptions['rerunFlags'] = {};
  for (const flag of RERUN_FLAGS) {
    const value = flags[flag];
    if (typeof value === 'string') rerunFlags[flag] = value;
  }
  return {
    targetFile,
    baseUrl,
    suites: suites.length > 0 ? suites : [...SUITE_NAMES],
    grep,
    ...(ruleValues.length > 0
      ? { rules: { given: ruleValues, ids: (await import('./rule-selection.js')).selectRules(ruleValues) } }
      : {}),
    seed: integerFlag(flags.seed, 'seed', 0, 0xffffffff) ?? randomBytes(4).readUInt32BE(0),
    runs: integerFlag(flags.runs, 'runs', 1, 100_000) ?? 10,
    concurrency: integerFlag(flags.concurrency, 'concurrency', 1, 256) ?? 8,
    concurrencyAdapts: flags.concurrency === undefined,
    timeoutMs: integerFlag(flags['timeout-ms'], 'timeout-ms', 100, 600_000) ?? 10_000,
    ...optional('rate', rateFlag(flags.rate)),
    settleMs: integerFlag(flags['settle-ms'], 'settle-ms', 0, 600_000) ?? DEFAULT_SETTLE_MS,
    reportDir: resolve(typeof flags['report-dir'] === 'string' ? flags['report-dir'] : join('reports', 'out')),
    shard,
    mergeReports: typeof flags['merge-reports'] === 'string' ? resolve(flags['merge-reports']) : undefined,
    strict: flags.strict === true,
    ...optional('signKeyFile', signKeyFile),
    ...optional('baseline', baselineFile !== undefined ? await baselineOf(baselineFile) : undefined),
    plan: flags.plan === true,
    faults,
    variants,
    rerunFlags,
    args,
  };
}

/** The baseline --baseline names, read whole before anything runs; a file that cannot gate is a usage error. */
async function baselineOf(file: string): Promise<LoadedBaseline> {
  const { BaselineFileError, readBaseline } = await import('../baseline/file.js');
  try {
    return readBaseline(file);
  } catch (error) {
    if (error instanceof BaselineFileError) throw new UsageError(`--baseline ${error.message}`);
    throw error;
  }
}

export async function runCommand(args: string[], out: (text: string) => void): Promise<number> {
  const parsed = await parseRunOptions(args);
  if (parsed === 'help') {
    out(RUN_HELP);
    return EXIT.conformant;
  }
  const options = parsed;
  // The reference and vitest load only once the arguments hold: a usage error is told at once.
  if (options.faults.length > 0 || options.variants.length > 0) {
    (await import('./reference-names.js')).checkReferenceNames(options.faults, options.variants);
  }
  if (options.plan && options.mergeReports) {
    throw new UsageError('--plan and --merge-reports do not go together: --plan runs nothing against the target');
  }
  if (options.mergeReports) return (await import('./certify-command.js')).mergeCommand(options, out);
  if (options.plan) {
    const target = (await import('./target-file.js')).givenTarget(options.targetFile, options.baseUrl);
    return (await import('./plan-command.js')).planCommand({ ...options, ...(target ? { target } : {}) }, out);
  }
  return (await import('./certify-command.js')).certifyCommand(options, out);
}
