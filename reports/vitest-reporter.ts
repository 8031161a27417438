import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';
import type { CheckMeta } from '../harness/check-meta.js';
import { JOB_SUITE_PREFIX } from '../harness/run-jobs.js';
import type { CheckResult } from './model.js';

// Collects every check's outcome and metadata as vitest reports it; the run turns them into
// the conformance report once vitest is done. Progress goes to the listener as it happens.
// A run is one vitest file (suites/conformance.suite) with one describe per check module (inside
// a describe per job, in a run of several jobs).

export interface ProgressListener {
  checkDone(result: CheckResult): void;
  moduleDone(file: string, done: number, total: number): void;
}

export class ConformanceReporter implements Reporter {
  readonly results: CheckResult[] = [];
  readonly runErrors: string[] = [];
  private root = process.cwd();
  private modulesTotal = 0;
  private modulesDone = 0;
  /** Where each check's result is in `results`, by vitest's id and full name of the test case. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly listener?: ProgressListener) {}

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestModuleCollected(testModule: TestModule): void {
    for (const suite of testModule.children.suites()) {
      this.modulesTotal += suite.name.startsWith(JOB_SUITE_PREFIX) ? [...suite.children.suites()].length : 1;
    }
  }

  private fileOf(moduleId: string): string {
    return relative(this.root, moduleId)
      .replace(/^dist\//, '')
      .replace(/\.(check|suite)\.(js|ts)$/, '');
  }

  /** The describes around a check, outermost first. */
  private suitesOf(testCase: TestCase): string[] {
    const names: string[] = [];
    let parent: TestCase['parent'] = testCase.parent;
    while (parent.type === 'suite') {
      names.unshift(parent.name);
      parent = parent.parent;
    }
    return names;
  }

  /** The check module a check belongs to (its outermost describe but a job's), and its job. */
  private placeOf(testCase: TestCase): { file: string; job?: string } {
    const suites = this.suitesOf(testCase);
    const job = suites[0]?.startsWith(JOB_SUITE_PREFIX) ? suites.shift()!.slice(JOB_SUITE_PREFIX.length) : undefined;
    return { file: suites[0] ?? this.fileOf(testCase.module.moduleId), ...(job !== undefined ? { job } : {}) };
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const meta = (testCase.meta() as { conformance?: CheckMeta }).conformance;
    const state = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const firstError = result.state === 'failed' ? result.errors?.[0] : undefined;
    const check: CheckResult = {
      name: testCase.name,
      ...this.placeOf(testCase),
      state,
      durationMs: testCase.diagnostic()?.duration ?? 0,
      ...(firstError ? { errorMessage: firstError.message } : {}),
      ...(meta ? { meta } : {}),
    };
    // A run cancelled by Ctrl-C reports every check of a module it ends as skipped once more,
    // the finished ones too: a check is counted (its requests too) and told once, as last reported.
    // Keyed by name too: merged shard reports reuse the same positional ids for other checks.
    const key = `${testCase.id} ${testCase.fullName}`;
    const known = this.seen.get(key);
    if (known !== undefined) {
      this.results[known] = check;
      return;
    }
    this.seen.set(key, this.results.length);
    this.results.push(check);
    this.listener?.checkDone(check);
  }

  onTestSuiteResult(testSuite: TestSuite): void {
    // A check module's describe: the outermost one, or one inside a job's.
    const parent = testSuite.parent;
    const inJob =
      parent.type === 'suite' && parent.name.startsWith(JOB_SUITE_PREFIX) && parent.parent.type === 'module';
    if (testSuite.name.startsWith(JOB_SUITE_PREFIX) || (parent.type !== 'module' && !inJob)) return;
    this.modulesDone += 1;
    // A check module that did not load (a syntax error, a throw at its top level).
    for (const error of testSuite.errors()) this.runErrors.push(`${testSuite.name}: ${error.message}`);
    this.listener?.moduleDone(testSuite.name, this.modulesDone, this.modulesTotal);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      this.runErrors.push(`${this.fileOf(testModule.moduleId)}: ${error.message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.runErrors.push(`unhandled error: ${error.message ?? String(error)}`);
  }
}
