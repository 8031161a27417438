import { describe, inject } from 'vitest';
import { importCheckModule } from '../harness/check-modules.js';
import { collectJob, JOB_SUITE_PREFIX } from '../harness/run-jobs.js';

// The one vitest test file of a run: each selected check module becomes a describe of it, so the
// checks of every module share one pool (up to --concurrency requests in flight). A run of
// several jobs (harness/run-jobs.ts) has a describe per job, holding that job's modules.

const { modules, generation, jobs } = inject('conformanceModules');

if (jobs) {
  for (const job of jobs) {
    describe(`${JOB_SUITE_PREFIX}${job.id}`, () => {
      for (const module of job.modules) {
        describe(module.name, async () => {
          await collectJob(job, () => importCheckModule(module.url, `${generation}-${job.id}`));
        });
      }
    });
  }
} else {
  for (const module of modules) {
    describe(module.name, async () => {
      await importCheckModule(module.url, generation);
    });
  }
}
