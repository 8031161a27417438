import { describe, inject } from 'vitest';
import { importCheckModule } from '../harness/check-modules.js';

// The one vitest test file of a run: each selected check module becomes a describe of it, so the
// checks of every module share one pool (up to --concurrency requests in flight).

const { modules, generation } = inject('conformanceModules');

for (const module of modules) {
  describe(module.name, async () => {
    await importCheckModule(module.url, generation);
  });
}
