import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDiff } from '../contracts/validate.js';
import { RunFailures } from '../diff/conformance.js';
import { findDivergences } from '../diff/divergences.js';
import { heldBefore } from '../diff/inventory.js';
import { noisePairs, RunResources, withoutLeftovers } from '../diff/leftovers.js';
import { describeNoise, learnNoise } from '../diff/noise.js';
import { exchangesByCheck, pairExchanges } from '../diff/pairs.js';
import { renderDiffHtml } from '../diff/render-html.js';
import { leftoversText, outcomeLine, renderDiffMarkdown } from '../diff/render-md.js';
import { buildDiffReport, diffExitCode, oneSideBreaksMust } from '../diff/report.js';
import type { ConformanceReport } from '../reports/model.js';
import { failedText, passedText, warningText } from './colour.js';
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { integerFlag, parseFlags, suitesFlag } from './options.js';
import { commandLine, STARTED_AS, toolPrefix } from './command-line.js';
import { ensureWritableDir, reportWriteError } from './report-dir.js';
import { loadTargetProfile } from './target-file.js';
import { toolInfo } from './version.js';

export const DIFF_HELP = `Usage: api-conformance diff --target A --target B [options]

Runs the same checks with the same seed against two targets, the same generated requests in the
same order to each (ids and tokens are each side's own), and reports where they behave
differently: every rule's status on each side; the conformance differences, where one answer
breaks a rule (named, with the side); and the divergences where both answers may conform
(another status the spec allows, other error bodies, other defaults, members on one side only,
another list order, another outcome where the spec leaves source states open), each with the
request and both answers. Side A runs twice, the second time after A and B have run: what
differs between its two runs (ids, timestamps, hrefs that carry ids) is noise and is left out.
Only what each side's run made is compared: answers about plans and subscriptions a target held
before (asked for first) or that another run made are counted, not compared. Writes diff.json,
diff.md and diff.html; each side's own reports go to runs/ beside them.

  --target A, --target B  a target profile (JSON), or "reference" for the embedded reference,
                       optionally with legal variants or faults:
                       reference:variant=list-reverse-order  reference:fault=create-plan-200
  --seed N             the seed both sides run with (default: random, printed)
  --runs N             generated cases per property (default 10)
  --suite a,b          billing, assignees (default: both)
  --grep TEXT          only checks whose name or module matches TEXT (a regular expression)
  --report-dir DIR     where the reports go (default reports/diff)
  --fail-on-divergence any divergence exits 1 ("staging must behave exactly like production")
  --help               this text

Each side runs at --concurrency 1, so that every check sends its requests in the same order.

Exit codes: 0 neither side fails or breaks a MUST rule the other passes (divergences are
reported), 1 one side does (or any divergence under --fail-on-divergence), 2 usage or profile
error, 3 a target could not be reached.`;

const FLAGS = {
  target: { type: 'string', multiple: true },
  seed: { type: 'string' },
  runs: { type: 'string' },
  suite: { type: 'string' },
  grep: { type: 'string' },
  'report-dir': { type: 'string' },
  'fail-on-divergence': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How one side is run: the `run` flags that select its target. */
export function sideArgs(target: string): string[] {
  const match = /^reference(?::(.*))?$/.exec(target);
  if (!match) {
    if (!existsSync(target))
      throw new UsageError(`--target: no such profile file "${target}" (a profile file, or "reference")`);
    return ['--target', resolve(target)];
  }
  const args: string[] = [];
  for (const part of (match[1] ?? '').split(':').filter((item) => item !== '')) {
    const [key, names] = part.split('=');
    const flag = key === 'variant' ? '--variant' : key === 'fault' || key === 'faults' ? '--faults' : undefined;
    if (!flag || !names) throw new UsageError(`--target ${target}: after "reference:" give variant=a,b or fault=a,b`);
    args.push(flag, names);
  }
  return args;
}

interface SideRun {
  label: string;
  dir: string;
  code: number | null;
  stderr: string;
  report?: ConformanceReport;
}

function runSide(
  label: string,
  target: string,
  common: string[],
  dir: string,
  out: (text: string) => void,
): Promise<SideRun> {
  const cli = fileURLToPath(new URL('./main.js', import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  return new Promise((done, fail) => {
    // Each side's report records its run as the user would type it, started as they started diff.
    const env = { ...process.env, [STARTED_AS]: toolPrefix() };
    const child = spawn(process.execPath, [cli, 'run', ...sideArgs(target), ...common, '--report-dir', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('close', (code) => {
      const file = join(dir, 'conformance.json');
      const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : undefined;
      out(
        `  ${label}: ` +
          (report ? `${report.summary.verdict}, ${report.summary.requests} requests` : `no report (exit ${code})`),
      );
      done({ label, dir, code, stderr, ...(report ? { report } : {}) });
    });
  });
}

/** What a profile's target holds before the runs; an embedded reference starts empty. */
async function heldBy(target: string): Promise<{ plans: string[]; subscriptions: string[] }> {
  if (/^reference(:|$)/.test(target)) return { plans: [], subscriptions: [] };
  return heldBefore(loadTargetProfile(target), 10_000);
}

/** A side that did not run to its reports: the same exit as `run` would give, naming the side. */
function failedSide(run: SideRun, target: string): never {
  const line =
    run.stderr
      .split('\n')
      .find((text) => text.startsWith('error:'))
      ?.replace(/^error:\s*/, '') ??
    run.stderr.trim().split('\n')[0] ??
    `exit ${run.code}`;
  if (run.code === EXIT.usage) throw new UsageError(`--target ${target}: ${line}`);
  if (run.code === EXIT.unreachable) throw new UnreachableError(`--target ${target}: ${line}`);
  throw new Error(`the run of ${target} (${run.label}) wrote no report: ${line}`);
}

/* eslint-disable max-lines-per-function -- over 80 lines once Prettier wraps it; to split in a change of its own */
export async function diffCommand(args: string[], out: (text: string) => void): Promise<number> {
  const flags = parseFlags(args, FLAGS, 'diff');
  if (flags.help) {
    out(DIFF_HELP);
    return EXIT.conformant;
  }
  const targets = (flags.target as unknown as string[] | undefined) ?? [];
  if (targets.length !== 2)
    throw new UsageError(`diff: give exactly two --target (a profile file or "reference"), got ${targets.length}`);
  const [a, b] = targets.map((target) => {
    sideArgs(target);
    return target;
  });
  const seed = integerFlag(flags.seed, 'seed', 0, 0xffffffff) ?? randomBytes(4).readUInt32BE(0);
  const runs = integerFlag(flags.runs, 'runs', 1, 100_000) ?? 10;
  const suites = suitesFlag(flags.suite);
  const reportDir = resolve(typeof flags['report-dir'] === 'string' ? flags['report-dir'] : join('reports', 'diff'));
  ensureWritableDir(reportDir, '--report-dir');
  const grep = typeof flags.grep === 'string' ? flags.grep : undefined;
  const common = [
    '--seed',
    String(seed),
    '--runs',
    String(runs),
    '--concurrency',
    '1',
    ...(suites.length > 0 ? ['--suite', suites.join(',')] : []),
    ...(grep !== undefined ? ['--grep', grep] : []),
  ];

  // What each target holds before the runs: another run's leftovers, which are not compared.
  const [heldA, heldB] = await Promise.all([a, b].map((target) => heldBy(target)));
  const startedAt = new Date();
  out(`diff: seed ${seed}; a = ${a} (run twice, to learn the noise), b = ${b}; each side at --concurrency 1`);
  const runsDir = join(reportDir, 'runs');
  mkdirSync(runsDir, { recursive: true });
  // A and B side by side; A's second run after them, so that what depends on the clock
  // (timestamps, what falls within one second) differs between A's two runs and is learned as
  // noise: two runs of A at the same moment would agree on it, and B, a moment off, would not.
  const [a1, b1] = await Promise.all([
    runSide('a, first run', a, common, join(runsDir, 'a1'), out),
    runSide('b', b, common, join(runsDir, 'b'), out),
  ]);
  const a2 = await runSide('a, second run', a, common, join(runsDir, 'a2'), out);
  for (const [run, target] of [
    [a1, a],
    [a2, a],
    [b1, b],
  ] as const)
    if (!run.report) failedSide(run, target);

  const [exchangesA1, exchangesA2, exchangesB] = [a1, a2, b1].map((run) =>
    exchangesByCheck(join(run.dir, 'exchanges.har')),
  );
  const madeA1 = new RunResources(exchangesA1, heldA);
  const madeA2 = new RunResources(exchangesA2, heldA);
  const madeB = new RunResources(exchangesB, heldB);
  const noise = learnNoise(noisePairs(pairExchanges(exchangesA1, exchangesA2).pairs, madeA1, madeA2));
  const paired = pairExchanges(exchangesA1, exchangesB);
  // Only what each side made in this run is compared: another run's leftovers are counted.
  const { pairs, leftovers } = withoutLeftovers(paired.pairs, madeA1, madeB);
  const failures = { a: new RunFailures(a1.report!), b: new RunFailures(b1.report!) };
  const report = buildDiffReport({
    tool: toolInfo(),
    startedAt,
    seed,
    commandLine: commandLine('diff', args),
    targets: { a, b },
    a: a1.report!,
    b: b1.report!,
    divergences: findDivergences(pairs, paired.partings, noise, failures),
    pairs: pairs.length,
    leftovers,
    noise: describeNoise(noise),
  });
  const problems = validateDiff(report);
  if (problems.length > 0)
    throw new Error(`diff.json does not match contracts/diff.schema.json: ${problems.slice(0, 3).join('; ')}`);
  const files = {
    'diff.json': `${JSON.stringify(report, null, 2)}\n`,
    'diff.md': renderDiffMarkdown(report),
    'diff.html': renderDiffHtml(report),
  };
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(reportDir, name), text);
  } catch (error) {
    throw reportWriteError(reportDir, error);
  }
  out(
    `reports: ${Object.keys(files)
      .map((name) => join(reportDir, name))
      .join(', ')} (each side's own reports in ${runsDir})`,
  );
  const outcome = outcomeLine(report).replace(/\*\*/g, '');
  out(
    oneSideBreaksMust(report)
      ? failedText(outcome)
      : report.divergences.length > 0
        ? warningText(outcome)
        : passedText(outcome),
  );
  if (leftovers.exchanges > 0) out(`  ${leftoversText(leftovers)}`);
  for (const divergence of report.divergences.slice(0, 10)) {
    const rule = divergence.rule ? ` (${divergence.brokenBy} breaks ${divergence.rule})` : '';
    out(`  ${divergence.kind.padEnd(15)} ${divergence.operation}: ${divergence.count} exchange(s)${rule}`);
  }
  if (report.divergences.length > 10) out(`  ... and ${report.divergences.length - 10} more kinds (diff.md)`);
  return diffExitCode(report, flags['fail-on-divergence'] === true) === 1 ? EXIT.notConformant : EXIT.conformant;
}
/* eslint-enable max-lines-per-function */
