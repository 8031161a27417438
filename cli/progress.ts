import type { FailureRecord } from '../harness/check-meta.js';
import { failureGroups } from '../reports/failure-groups.js';
import { checkOutcome } from '../reports/check-outcome.js';
import type { CheckResult, ConformanceReport } from '../reports/model.js';
import type { ProgressListener } from '../reports/vitest-reporter.js';
import { errorText, failedText } from './colour.js';

// Terminal progress while a run goes: a line per suite file as it finishes, each failure the
// first time its rule fails for its cause (rule, one-line reason, the command that re-runs it;
// the same cause in further checks is counted, not repeated), counts so far (of the checks that
// ran, as conformance.json's summary.checks counts them). Once the run is done, one line per
// failed rule and cause.

const causeOf = (failure: FailureRecord): string => failure.cause ?? failure.expected ?? failure.message;

export class TerminalProgress implements ProgressListener {
  private checks = 0;
  private failures = 0;
  private errors = 0;
  private skipped = 0;
  private readonly shown = new Set<string>();

  constructor(private readonly write: (line: string) => void) {}

  /** Counted as the report counts it (reports/check-outcome.ts); a check not run is not counted. */
  checkDone(result: CheckResult): void {
    const outcome = checkOutcome(result);
    if (outcome === 'not run') return;
    this.checks += 1;
    if (outcome === 'skipped') this.skipped += 1;
    if (outcome === 'failed') this.failures += 1;
    if (result.state !== 'failed') return;
    const failures = result.meta?.verdicts?.failed ?? (result.meta?.failure ? [result.meta.failure] : []);
    for (const failure of failures) this.showOnce(result.name, failure);
    if (outcome !== 'no verdict') return;
    this.errors += 1;
    const message = result.meta?.error ?? result.errorMessage ?? 'no verdict';
    this.write(`  ${errorText('ERROR')} ${result.name}: ${message.split('\n')[0]}`);
  }

  private showOnce(check: string, failure: FailureRecord): void {
    const key = `${failure.rule}\u0000${causeOf(failure)}`;
    if (this.shown.has(key)) return;
    this.shown.add(key);
    this.write(`  ${failedText('FAIL')} ${failure.rule}  ${check}`);
    this.write(`       ${failure.message}`);
    if (failure.expected !== undefined) this.write(`       expected: ${failure.expected}`);
    if (failure.received !== undefined) this.write(`       received: ${failure.received}`);
    if (failure.rerun) this.write(`       re-run: ${failure.rerun}`);
  }

  moduleDone(file: string, done: number, total: number): void {
    this.write(
      `[${done}/${total}] ${file}  (checks ${this.checks}, failed ${this.failures}, without a verdict ` +
        `${this.errors}, skipped ${this.skipped})`,
    );
  }
}

/** One line per failed rule (and warned SHOULD rule) and cause: what broke, in how many checks. */
export function failedRuleLines(report: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const rule of report.rules.filter(
    (candidate) => candidate.status === 'failed' || candidate.status === 'warning',
  )) {
    for (const group of failureGroups(rule)) {
      const first = group.checks[0];
      // The step's own words, then what was received when it reads at a glance (a value, not a body).
      const said = (first.message ?? group.cause).split('\n')[0];
      const received = first.received?.split('\n')[0];
      const what = received !== undefined && received.length <= 100 ? `${said}; received ${received}` : said;
      const where = group.checks.length > 1 ? `in ${group.checks.length} checks` : `in "${first.name}"`;
      lines.push(`  ${rule.status === 'failed' ? 'FAILED' : 'WARNING'} ${rule.id}: ${what} (${where})`);
    }
  }
  return lines;
}
