import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { isAbsolute, join, relative } from 'node:path';
import { RULES } from '../contracts/rules/index.js';
import { closeSharedAgent } from '../harness/http-client.js';
import { secretsOf } from '../harness/secrets.js';
import { scrubSecrets } from '../harness/redact.js';
import type { CheckMeta } from '../harness/check-meta.js';
import type { EmbeddedReference } from './embedded-reference.js';
import { LEDGER_FILE, startLedger } from '../harness/ledger.js';
import { describeRate } from '../harness/rate-bucket.js';
import type { RunSettings } from '../harness/settings.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { buildReport, type RunInfo } from '../reports/build-report.js';
import type { CheckResult, ConformanceReport } from '../reports/model.js';
import { writeReports } from '../reports/write-reports.js';
import { countsText, errorText, verdictText, warningText } from './colour.js';
import { cleanupCommandLine, commandLine, rerunPrefix } from './command-line.js';
import { ledgerLine } from './ledger-line.js';
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { exitCodeFor, interruptedResults, markInterrupted, RunInterruption } from './interrupt.js';
import { runIdOf } from './run-id.js';
import { givenTarget } from './target-file.js';
import { failedRuleLines, TerminalProgress } from './progress.js';
import { checkCountsText } from '../reports/check-outcome.js';
import { QUICK_LOOK_REASON, markQuickLook, quickLookSummary } from './quick-look.js';
import { probe } from './probe.js';
import { ensureWritableDir, reportWriteError } from './report-dir.js';
import { longRunHeapFlags, nodeOptions } from './heap-flags.js';
import { freshTrafficFile, mergeShardHar, sealExchangesHar, sealShardHar } from './exchanges-har.js';
import type { SuiteName, SuiteRunOutcome } from './run-suites.js';
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
import { optional } from './options.js';
import { tellGithubStep } from './github-step.js';
import { gatedVerdict, gateOf } from '../baseline/gate.js';
import { gateLines } from './baseline-lines.js';
import type { RunOptions } from './run-options.js';

// A run once its arguments hold (cli/run-command.ts): the target probed, the checks run, the reports,
// the HAR and the certificate written; or the shards of one merged.

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
export async function certifyCommand(options: RunOptions, out: (text: string) => void): Promise<number> {
  const given = givenTarget(options.targetFile, options.baseUrl);
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
    // Every line of the terminal is scrubbed as the reports are: a credential that reached one
    // (a check's own words) never reaches a CI log either.
    const secrets = secretsOf(target);
    return await certify(run, (text) => out(scrubSecrets(text, secrets)));
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

/**
 * GET / of the target; one that cannot be reached still gets its reports (exit 3). The embedded
 * reference is not probed: its ready line said it listens, and its status is shown nowhere, so
 * the main thread of such a run sends nothing (and loads no HTTP client).
 */
async function probeTarget(run: Certification, out: (text: string) => void): Promise<number | undefined> {
  if (run.embedded) return undefined;
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
function announceRun(
  run: Certification,
  suites: readonly SuiteName[],
  status: number | undefined,
  out: (line: string) => void,
) {
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
  if (options.baseline) report.baseline = gateOf(report, options.baseline);
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
  if (s.checks) out(`  ${checkCountsText(s.checks)}`);
  if (s.verdictNote) out(`  ${verdictText(s.verdict, s.verdict)}: ${s.verdictNote}`);
  for (const [api, section] of Object.entries(s.sections)) out(`  ${api}: ${sectionText(section)}`);
  // In a GitHub Actions step: summary.md into the job summary, an annotation per failed rule.
  tellGithubStep(report, options.reportDir, secrets, out);
  // A baseline decides the exit code only: what the run found is said above, whatever it decides.
  if (report.baseline) gateLines(report.baseline, options.reportDir).forEach((line) => out(line));
  const verdict = report.baseline ? gatedVerdict(report, report.baseline) : s.verdict;
  if (verdict === 'NON_CONFORMANT') return EXIT.notConformant;
  if (verdict === 'INCOMPLETE') return EXIT.incomplete;
  if (verdict === 'PARTIAL' && options.strict) return EXIT.notConformant;
  return EXIT.conformant;
}

export async function mergeCommand(options: RunOptions, out: (text: string) => void): Promise<number> {
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
