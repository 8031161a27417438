import type { CheckResult } from '../reports/model.js';
import type { ProgressListener } from '../reports/vitest-reporter.js';
import { errorText, failedText } from './colour.js';

// Terminal progress while a run goes: a line per suite file as it finishes, every failure as
// it happens (rule, one-line reason, the command that re-runs it), counts so far.

export class TerminalProgress implements ProgressListener {
  private checks = 0;
  private failures = 0;
  private errors = 0;
  private skipped = 0;

  constructor(private readonly write: (line: string) => void) {}

  checkDone(result: CheckResult): void {
    this.checks += 1;
    if (result.state === 'skipped') this.skipped += 1;
    if (result.state !== 'failed') return;
    const failure = result.meta?.failure;
    if (failure) {
      this.failures += 1;
      this.write(`  ${failedText('FAIL')} ${failure.rule}  ${result.name}`);
      this.write(`       ${failure.message}`);
      if (failure.expected !== undefined) this.write(`       expected: ${failure.expected}`);
      if (failure.received !== undefined) this.write(`       received: ${failure.received}`);
      if (failure.rerun) this.write(`       re-run: ${failure.rerun}`);
    } else {
      this.errors += 1;
      const message = result.meta?.error ?? result.errorMessage ?? 'no verdict';
      this.write(`  ${errorText('ERROR')} ${result.name}: ${message.split('\n')[0]}`);
    }
  }

  moduleDone(file: string, done: number, total: number): void {
    this.write(
      `[${done}/${total}] ${file}  (checks ${this.checks}, failed ${this.failures}, errors ${this.errors}, skipped ${this.skipped})`,
    );
  }
}
