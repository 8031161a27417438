import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { RULES } from '../contracts/rules/index.js';
import { closeSharedAgent } from '../harness/http-client.js';
import { secretsOf } from '../harness/secrets.js';
import type { CheckMeta } from '../harness/check-meta.js';
import type { EmbeddedReference } from './embedded-reference.js';
import { LEDGER_FILE, startLedger } from '../harness/ledger.js';
import { describeRate } from '../harness/rate-bucket.js';
import type { RunSettings } from '../harness/settings.js';
import { DEFAULT_SETTLE_MS } from '../harness/settle.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { buildReport, type RunInfo } from '../reports/build-report.js';
import type { CheckResult, ConformanceReport } from '../reports/model.js';
import { writeReports } from '../reports/write-reports.js';
import { checkBaseUrl } from './base-url.js';
import { countsText, errorText, verdictText, warningText } from './colour.js';
import { cleanupCommandLine, commandLine, rerunPrefix, RERUN_FLAGS } from './command-line.js';
import { ledgerLine } from './ledger-line.js';
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { exitCodeFor, interruptedResults, markInterrupted, RunInterruption } from './interrupt.js';
import { integerFlag, listFlag, parseFlags, patternFlag, rateFlag, suitesFlag } from './options.js';
import { selectRules } from './rule-selection.js';
import { runIdOf } from './run-id.js';
import { loadTargetProfile } from './target-file.js';
import { failedRuleLines, TerminalProgress } from './progress.js';
import { QUICK_LOOK_REASON, markQuickLook, quickLookSummary } from './quick-look.js';
import { probe } from './probe.js';
import { ensureWritableDir, reportWriteError } from './report-dir.js';
import { longRunHeapFlags, nodeOptions } from './heap-flags.js';
import { freshTrafficFile, mergeShardHar, sealExchangesHar, sealShardHar } from './exchanges-har.js';
import type { SuiteName, SuiteRunOutcome } from './run-suites.js';
import { APIS as SUITE_NAMES } from '../contracts/operations.js';
import {
  blobFileFor,
  gatheredBlobs,
  mergeLedgers,
  readShardInfos,
  shardFolders,
  writeShardInfo,
} from './shard-results.js';
import { toolInfo } from './version.js';
import { printCertificate } from './certificate-line.js';
import { signingKeyFor } from './signing-key.js';
import { writeCertificate } from '../certificate/write-certificate.js';
import { sectionText } from '../reports/section-text.js';

export const RUN_HELP = `Usage: api-conformance run [options]

Certifies a target against the billing and assignee specs and writes conformance.json,
junit.xml, summary.md and report.html. With no --target and no --base-url it starts the
embedded reference implementation and certifies that.

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
  --plan               send nothing: print the checks that would run, the requests they
                       send and the plans and subscriptions they create (counted on the
                       embedded reference with the same seed and --runs: the numbers of a
                       conformant server)
  --faults a,b         (embedded reference only) switch on reference faults
  --variant a,b        (embedded reference only) switch on legal variants
  --help               this text

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
  plan: { type: 'boolean' },
  faults: { type: 'string' },
  variant: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface RunOptions {
  targetFile?: string;
  baseUrl?: string;
  suites: SuiteName[];
  grep?: string;
  /** --rule as given, and the rule ids it selects. */
  rules?: { given: string[]; ids: string[] };
  seed: number;
  runs: number;
  concurrency: number;
  /** --concurrency was not given: the slots may grow while a slow target keeps up. */
  concurrencyAdapts: boolean;
  timeoutMs: number;
  /** Requests per second, at most (--rate); undefined: no bound. */
  rate?: number;
  settleMs: number;
  reportDir: string;
  shard?: string;
  mergeReports?: string;
  strict: boolean;
  /** --sign-key: the private key that signs the certificate. */
  signKeyFile?: string;
  /** --plan: print what the run would send and create, sending nothing. */
  plan: boolean;
  faults: string[];
  variants: string[];
  /** The flags a re-run line keeps, as typed. */
  rerunFlags: Partial<Record<(typeof RERUN_FLAGS)[number], string>>;
  /** The arguments after `run`, as typed. */
  args: string[];
}

function parseRunOptions(args: string[]): RunOptions | 'help' {
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
    ...(ruleValues.length > 0 ? { rules: { given: ruleValues, ids: selectRules(ruleValues) } } : {}),
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
    plan: flags.plan === true,
    faults,
    variants,
    rerunFlags,
    args,
  };
}

/** A member only when it has a value (the options are exact optional types). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function sectionsOf(target: TargetProfile, suites: readonly SuiteName[], quickLook: boolean): RunInfo['sections'] {
  const section = (name: SuiteName, present: boolean, why: string) =>
    !suites.includes(name)
      ? { certified: false, reason: 'not selected by --suite' }
      : quickLook
        ? { certified: false, reason: QUICK_LOOK_REASON }
        : present
          ? { certified: true }
          : { certified: false, reason: why };
  return {
    billing: section(
      'billing',
      target.billing !== undefined,
      'the target profile has no billing section (no credentials given)',
    ),
    assignees: section('assignees', target.assignees !== undefined, 'the target profile has no assignees section'),
  };
}

/** Progress on the terminal, and every finished check kept: an interrupted run reports those. */
class CollectingProgress extends TerminalProgress {
  readonly results: CheckResult[] = [];

  override checkDone(result: CheckResult): void {
    this.results.push(result);
    super.checkDone(result);
  }
}

export async function runCommand(args: string[], out: (text: string) => void): Promise<number> {
  const parsed = parseRunOptions(args);
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
  if (options.mergeReports) return mergeCommand(options, out);
  if (options.plan) {
    const target = givenTarget(options);
    return (await import('./plan-command.js')).planCommand({ ...options, ...(target ? { target } : {}) }, out);
  }
  return certifyCommand(options, out);
}

/** The target --target and --base-url name; none: the embedded reference. */
function givenTarget(options: RunOptions): TargetProfile | undefined {
  if (options.targetFile) return loadTargetProfile(options.targetFile, options.baseUrl);
  return options.baseUrl ? { baseUrl: options.baseUrl } : undefined;
}

/** What one certification run knows before its checks start. */
interface Certification {
  options: RunOptions;
  target: TargetProfile;
  /** --base-url alone: only the checks that need no credentials run, nothing is certified. */
  quickLook: boolean;
  sections: RunInfo['sections'];
  settings: RunSettings;
  ledgerFile: string;
  signingKey: ReturnType<typeof signingKeyFor>;
  /** The target is the embedded reference (its faults and variants go into the report). */
  embedded: boolean;
  /** Why the embedded reference's process ended during the run, once it has. */
  referenceFailure: () => string | undefined;
  interruption: RunInterruption;
}

/** A run against a target (or the embedded reference): probe, checks, reports, HAR, certificate. */
async function certifyCommand(options: RunOptions, out: (text: string) => void): Promise<number> {
  const given = givenTarget(options);
  // Before vitest starts: a long run's heap grows by less (heap-flags.ts).
  for (const flag of longRunHeapFlags(options.runs, nodeOptions())) setFlagsFromString(flag);
  // Before anything runs: a folder that cannot take the reports, or a key that cannot sign, is
  // found now, not at the end. A shard writes no certificate: the merge of the shards does.
  ensureWritableDir(options.reportDir, '--report-dir');
  const signingKey = options.shard ? undefined : signingKeyFor(options.signKeyFile, given, options.targetFile);
  // Shards of one run share the folder: each adds to the one ledger.
  const ledgerFile = join(options.reportDir, LEDGER_FILE);
  startLedger(ledgerFile, options.shard !== undefined);

  const interruption = new RunInterruption({ write: (line) => process.stderr.write(`${line}\n`) });
  interruption.install();
  let reference: EmbeddedReference | undefined;
  try {
    if (!given) reference = await startReference(options, out);
    const target = given ?? reference!.target;
    const quickLook = options.targetFile === undefined && options.baseUrl !== undefined;
    const run: Certification = {
      options,
      target,
      quickLook,
      sections: sectionsOf(target, options.suites, quickLook),
      settings: runSettingsOf(options, ledgerFile),
      ledgerFile,
      signingKey,
      embedded: given === undefined,
      referenceFailure: () => reference?.failure(),
      interruption,
    };
    return await certify(run, out);
  } finally {
    interruption.uninstall();
    await closeSharedAgent();
    await reference?.stop();
  }
}

/** Starts the embedded reference with the run's faults and variants (names checked before), and says so. */
async function startReference(options: RunOptions, out: (text: string) => void): Promise<EmbeddedReference> {
  // Imported only when needed: a run against a target never starts the reference.
  const { startEmbeddedReference } = await import('./embedded-reference.js');
  const reference = await startEmbeddedReference({
    faults: options.faults,
    variants: options.variants,
    warn: (line) => process.stderr.write(`${errorText('error:', process.stderr)} ${line}\n`),
  });
  const faults = options.faults.length ? ` (faults: ${options.faults.join(', ')})` : '';
  const variants = options.variants.length ? ` (variants: ${options.variants.join(', ')})` : '';
  out(`certifying the embedded reference implementation at ${reference.target.baseUrl}${faults}${variants}`);
  return reference;
}

function runSettingsOf(options: RunOptions, ledgerFile: string): RunSettings {
  return {
    seed: options.seed,
    runs: options.runs,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
    concurrencyAdapts: options.concurrencyAdapts,
    ...optional('rate', options.rate),
    settleMs: options.settleMs,
    runId: runIdOf(options.seed),
    rerunCommand: rerunPrefix(options.rerunFlags),
    ledgerFile,
    // Begun now: every exchange goes into exchanges.har as its check ends.
    trafficFile: freshTrafficFile(options.reportDir, options.shard),
    ...(options.rules ? { onlyRules: options.rules.ids } : {}),
  };
}

/** The run as its report describes it. */
function runInfoOf(
  run: Certification,
  startedAt: Date,
  runErrors: string[],
  results: readonly CheckResult[] = [],
): RunInfo {
  const { options } = run;
  return {
    tool: toolInfo(),
    baseUrl: run.target.baseUrl,
    sections: run.sections,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed: options.seed,
    settings: {
      runs: options.runs,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      rate: options.rate ?? null,
      settleMs: options.settleMs,
      ...optional('rateLowered', rateLoweredOf(results)),
      suites: [...options.suites],
      grep: options.grep ?? null,
      ...(options.rules ? { rule: options.rules.given } : {}),
      shard: options.shard ?? null,
      commandLine: commandLine('run', options.args),
      ...(run.embedded ? { faults: options.faults, variants: options.variants } : {}),
      approval: run.target.billing?.approval.mode ?? null,
      ...(run.quickLook ? { quickLook: true } : {}),
    },
    runErrors,
  };
}

/** The checks of a run that reached its target, and what comes of them. */
async function certify(run: Certification, out: (text: string) => void): Promise<number> {
  const { options } = run;
  const status = await probeTarget(run, out);
  // A quick look loads every selected suite: the checks that need no credentials run, and
  // every other check says what it would need.
  const suites = run.quickLook ? options.suites : options.suites.filter((suite) => run.sections[suite].certified);
  announceRun(run, suites, status, out);
  const startedAt = new Date();
  const { outcome, notCleanedUp } = await runChecks(run, suites, out);
  const referenceFailure = run.referenceFailure();
  if (referenceFailure) outcome.runErrors.push(referenceFailure);
  const signal = run.interruption.received;
  if (!signal) warnIfNothingRan(options, outcome);
  const info = runInfoOf(run, startedAt, outcome.runErrors, outcome.results);
  // An interrupted shard leaves no shard record: merging then names it as missing.
  if (options.shard && !signal) writeShardInfo(options.reportDir, options.shard, info);
  const code = await writeRunReports(run, outcome, info, { signal, notCleanedUp }, out);
  if (run.quickLook) out(quickLookSummary(outcome.results));
  const cleanup = options.targetFile
    ? cleanupCommandLine(relativeToHere(run.ledgerFile), options.targetFile)
    : undefined;
  const ledger = cleanup ? ledgerLine(run.ledgerFile, cleanup) : undefined;
  if (ledger) out(ledger);
  if (!signal) return code;
  interruptedLines(signal, run.settings.runId, notCleanedUp, cleanup).forEach((line) => out(line));
  return exitCodeFor(signal);
}

/** GET / of the target; one that cannot be reached still gets its reports (exit 3). */
async function probeTarget(run: Certification, out: (text: string) => void): Promise<number> {
  const probedAt = new Date();
  try {
    return await probe(run.target, run.options.timeoutMs);
  } catch (error) {
    // A CI job's artifact and summary steps find the cause in the reports.
    if (error instanceof UnreachableError) {
      const info = runInfoOf(run, probedAt, [error.message]);
      finish({ results: [], runErrors: [] }, info, run.options, secretsOf(run.target), out);
      sealExchangesHar(run.options.reportDir, secretsOf(run.target));
      printCertificate(await writeCertificate(run.options.reportDir, run.signingKey), run.options.reportDir, out);
    }
    throw error;
  }
}

/** The run's first lines: its seed and settings, and what it certifies. */
function announceRun(run: Certification, suites: readonly SuiteName[], status: number, out: (line: string) => void) {
  const { options, target } = run;
  const rate = options.rate !== undefined ? `, at most ${describeRate(options.rate)}` : '';
  const shard = options.shard ? `, shard ${options.shard}` : '';
  out(
    `run ${run.settings.runId}: seed ${options.seed}, ${options.runs} runs per property, ` +
      `concurrency ${options.concurrency}${rate}, suites ${suites.join(', ') || '(none)'}${shard}`,
  );
  if (run.quickLook) {
    out(
      `quick look at ${target.baseUrl} (it answered GET / with ${status}): with no target profile there are no ` +
        'credentials, so only checks that need none run; every other check is skipped with what it needs. ' +
        'To certify, give a profile with --target (see README, "Certifying your own server").',
    );
    return;
  }
  for (const [name, section] of Object.entries(run.sections)) {
    if (!section.certified) out(`${name}: not certified: ${section.reason}`);
  }
}

/** Runs the selected suites, bounded after a Ctrl-C; an interrupted run keeps what finished. */
async function runChecks(
  run: Certification,
  suites: readonly SuiteName[],
  out: (text: string) => void,
): Promise<{ outcome: SuiteRunOutcome; notCleanedUp: string[] }> {
  const { options, interruption } = run;
  let outcome: SuiteRunOutcome = { results: [], runErrors: [] };
  const progress = new CollectingProgress(out);
  if (suites.length > 0 && !interruption.received) {
    const finished = await interruption.bounded(
      (await import('./run-suites.js')).runSuites({
        target: run.target,
        settings: run.settings,
        suites,
        grep: options.grep,
        shard: options.shard,
        ...(options.shard ? { blobFile: blobFileFor(options.reportDir, options.shard) } : {}),
        listener: progress,
        reporters: [interruption],
      }),
    );
    outcome = finished ?? { results: progress.results, runErrors: [] };
  }
  if (!interruption.received) return { outcome, notCleanedUp: [] };
  const { results, runErrors, leftBehind } = interruptedResults(outcome.results, outcome.runErrors);
  const abandoned = interruption.abandoned.map(
    (name) => `${name}: still running when the run stopped waiting; its cleanup did not run`,
  );
  return { outcome: { results, runErrors }, notCleanedUp: [...leftBehind, ...abandoned] };
}

/** A --grep or --rule that selected no check: nothing was checked, and the user is told why. */
function warnIfNothingRan(options: RunOptions, outcome: SuiteRunOutcome): void {
  if (outcome.results.some((result) => result.meta !== undefined)) return;
  const warn = (text: string): void => {
    process.stderr.write(`${warningText('warning:', process.stderr)} ${text}\n`);
  };
  if (options.grep !== undefined) {
    warn(
      `--grep ${JSON.stringify(options.grep)} selected no check: nothing was checked. It is matched against ` +
        'check names and their modules (as in the re-run lines and report.html); --rule selects by rule id.',
    );
  } else if (options.rules) {
    const given = options.rules.given.map((value) => JSON.stringify(value)).join(' --rule ');
    warn(
      `--rule ${given} selected ${options.rules.ids.length} rule(s), but no check of the selected suites ` +
        'declares one: nothing was checked (rules show ID names the checks of a rule).',
    );
  }
}

/** The reports, the sealed HAR and the certificate of a run whose checks have ended; its exit code. */
async function writeRunReports(
  run: Certification,
  outcome: SuiteRunOutcome,
  info: RunInfo,
  { signal, notCleanedUp }: { signal: NodeJS.Signals | undefined; notCleanedUp: string[] },
  out: (text: string) => void,
): Promise<number> {
  const { options } = run;
  const secrets = secretsOf(run.target);
  // A shard's exchanges wait under shards/ for --merge-reports, which writes the one HAR of the run.
  const har = options.shard ? undefined : sealExchangesHar(options.reportDir, secrets);
  const recorded = har ?? sealShardHar(options.reportDir, options.shard!, secrets);
  const code = finish(outcome, info, options, secrets, out, (report) => {
    // What the run sent is what it recorded: a check stopped by Ctrl-C goes on sending (to clean
    // up) after vitest reported it, so the checks' own counts fall short.
    report.summary.requests = recorded.entries;
    if (run.quickLook) markQuickLook(report);
    if (signal) markInterrupted(report, signal, notCleanedUp);
  });
  if (har) {
    printHar(har, out);
    // Last: the certificate attests every report and the HAR as written.
    printCertificate(await writeCertificate(options.reportDir, run.signingKey), options.reportDir, out);
  }
  return code;
}

/** What an interrupted run says last: what it may have left on the target, and how to retire it. */
function interruptedLines(
  signal: NodeJS.Signals,
  runId: string,
  notCleanedUp: readonly string[],
  cleanup: string | undefined,
): string[] {
  const left = notCleanedUp.length > 0;
  const after = left
    ? `; what these may have left on the target (names start with ${runId}):`
    : '; every running check cleaned up';
  const lines = [
    `interrupted (${signal}): the reports hold the checks that finished${after}`,
    ...notCleanedUp.map((item) => `  not cleaned up: ${item}`),
  ];
  if (left && cleanup) lines.push(`  retire it with: ${cleanup}`);
  return lines;
}

/** A path as short as it can be said from here. */
function relativeToHere(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

/** The lowest rate repeated 429s brought the run to, as the checks that ended last saw it. */
function rateLoweredOf(results: readonly CheckResult[]): CheckMeta['rateLowered'] {
  let lowest: CheckMeta['rateLowered'];
  for (const result of results) {
    const lowered = result.meta?.rateLowered;
    if (lowered && (!lowest || lowered.to < lowest.to)) lowest = lowered;
  }
  return lowest;
}

function finish(
  outcome: SuiteRunOutcome,
  info: RunInfo,
  options: RunOptions,
  secrets: string[],
  out: (text: string) => void,
  adjust: (report: ConformanceReport) => void = () => {},
): number {
  for (const error of outcome.runErrors) out(`  ${errorText('RUN ERROR')} ${error.split('\n')[0]}`);
  const report = buildReport(outcome.results, RULES, info);
  adjust(report);
  let files: string[];
  try {
    files = writeReports(report, options.reportDir, secrets);
  } catch (error) {
    if ((error as { code?: string }).code) throw reportWriteError(options.reportDir, error);
    throw error;
  }
  const s = report.summary;
  const failed = failedRuleLines(report);
  if (failed.length > 0) {
    out('rules broken, by cause:');
    for (const line of failed) out(line);
  }
  if (s.diagnosis) {
    out('diagnosis of the target:');
    for (const line of s.diagnosis.lines) out(`  ${line}`);
  }
  out(`reports: ${files.join(', ')}`);
  const lowered = report.settings.rateLowered;
  if (lowered)
    out(
      `  rate: the target answered 429 repeatedly (${lowered.after429s} times): ` +
        `--rate ${lowered.from} went down to ${describeRate(lowered.to)}; ` +
        `give --rate ${lowered.to} or lower next time`,
    );
  out(
    `${verdictText(s.verdict, s.verdict)}: ${countsText(s)} of ${s.rules} rules; ` +
      `${s.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})`,
  );
  if (s.verdictNote) out(`  ${verdictText(s.verdict, s.verdict)}: ${s.verdictNote}`);
  for (const [api, section] of Object.entries(s.sections)) out(`  ${api}: ${sectionText(section)}`);
  if (s.verdict === 'NON_CONFORMANT') return EXIT.notConformant;
  if (s.verdict === 'INCOMPLETE') return EXIT.incomplete;
  if (s.verdict === 'PARTIAL' && options.strict) return EXIT.notConformant;
  return EXIT.conformant;
}

async function mergeCommand(options: RunOptions, out: (text: string) => void): Promise<number> {
  const dir = options.mergeReports!;
  const signingKey = signingKeyFor(options.signKeyFile);
  // The shards shared this folder, or each left its own in it (separate machines).
  const folders = shardFolders(dir);
  // The merged report goes beside the shard results unless --report-dir says otherwise.
  const reportDir = options.rerunFlags['report-dir'] !== undefined ? options.reportDir : dir;
  ensureWritableDir(reportDir, options.rerunFlags['report-dir'] !== undefined ? '--report-dir' : '--merge-reports');
  // One ledger for the whole run, so that one cleanup step retires what every shard created:
  // written first, so that it is there even when a shard's results are missing.
  mergeLedgers(folders, reportDir);
  const infos = readShardInfos(dir, folders);
  const blobs = gatheredBlobs(folders);
  let outcome: SuiteRunOutcome;
  try {
    outcome = await (await import('./run-suites.js')).mergeShardResults(blobs, new TerminalProgress(out));
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
  if (outcome.results.length === 0) {
    const cause = outcome.runErrors.length ? ` (${outcome.runErrors[0].split('\n')[0]})` : '';
    throw new UsageError(`--merge-reports: the blob reports of ${dir} hold no check results${cause}`);
  }
  const first = infos[0].info;
  const info: RunInfo = {
    ...first,
    durationMs: Math.max(...infos.map((record) => record.info.durationMs)),
    settings: { ...first.settings, shard: `merged ${infos.length} shards` },
    runErrors: outcome.runErrors,
  };
  const har = mergeShardHar(folders, reportDir);
  // Secrets were scrubbed from every exchange when recorded; the merged report holds none.
  const code = finish(outcome, info, { ...options, reportDir }, [], out, (report) => {
    report.summary.requests = har.entries;
  });
  printHar(har, out);
  printCertificate(await writeCertificate(reportDir, signingKey), reportDir, out);
  return code;
}

function printHar(har: { file: string; entries: number }, out: (text: string) => void): void {
  out(`exchanges: ${har.file} (${har.entries} exchange${har.entries === 1 ? '' : 's'}, HAR 1.2)`);
}
