import { specTrace } from '../contracts/trace/index.js';
import { renderTrace } from '../contracts/trace/render-md.js';
import type { Generator } from './outputs.js';

// docs/spec-trace.md: every sentence of both specs with the rules anchored at it, or why none is.
// A trace that does not add up is not written: its problems are the error.

export const trace: Generator = {
  name: 'trace',
  describe: 'the trace of every sentence of the specs to its rules, docs/spec-trace.md',
  outputs: async () => {
    const built = specTrace();
    if (built.problems.length > 0) {
      const shown = built.problems.slice(0, 5).join('; ');
      const count = `${built.problems.length} problems, see contracts/trace/trace.test.ts`;
      throw new Error(`the trace does not add up (${count}): ${shown}`);
    }
    return [{ file: 'docs/spec-trace.md', content: renderTrace(built) }];
  },
};
