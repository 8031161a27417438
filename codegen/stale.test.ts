import { describe, expect, it } from 'vitest';
import { staleOutputs } from '../contracts/generated-files.js';
import { packageRoot } from '../contracts/package-root.js';
import { GENERATORS } from './registry.js';

// Every generated file is what its sources give now: a stale one fails here, naming the
// command that refreshes it. The slow generators are compared by the tests that run them.

describe('generated files', () => {
  const quick = GENERATORS.filter((generator) => !generator.slow);
  it.for(quick.map((generator) => [generator.name, generator] as const))('%s is current', async ([name, generator]) => {
    const stale = staleOutputs(packageRoot(), await generator.outputs(packageRoot()));
    expect(stale, `stale: refresh with \`npm run generate ${name}\``).toEqual([]);
  });
});
