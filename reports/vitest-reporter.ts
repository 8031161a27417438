import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { CheckMeta } from '../harness/check-meta.js';
import type { CheckResult } from './model.js';

// Collects every check's outcome and metadata as vitest reports it; the run turns them into
// the conformance report once vitest is done. Progress goes to the listener as it happens.

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

  constructor(private readonly listener?: ProgressListener) {}

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(specifications: ReadonlyArray<unknown>): void {
    this.modulesTotal = specifications.length;
  }

  private fileOf(moduleId: string): string {
    return relative(this.root, moduleId).replace(/^dist\//, '').replace(/\.check\.(js|ts)$/, '');
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const meta = (testCase.meta() as { conformance?: CheckMeta }).conformance;
    const state = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const firstError = result.state === 'failed' ? result.errors?.[0] : undefined;
    const check: CheckResult = {
      name: testCase.fullName,
      file: this.fileOf(testCase.module.moduleId),
      state,
      durationMs: testCase.diagnostic()?.duration ?? 0,
      ...(firstError ? { errorMessage: firstError.message } : {}),
      ...(meta ? { meta } : {}),
    };
    this.results.push(check);
    this.listener?.checkDone(check);
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.modulesDone += 1;
    for (const error of testModule.errors()) {
      this.runErrors.push(`${this.fileOf(testModule.moduleId)}: ${error.message}`);
    }
    this.listener?.moduleDone(this.fileOf(testModule.moduleId), this.modulesDone, this.modulesTotal);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.runErrors.push(`unhandled error: ${error.message ?? String(error)}`);
  }
}
