import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import { inStartOrder, LONG_CHAIN_MODULES } from './start-order.js';

describe('the start order of check modules', () => {
  it('names only check modules that exist, each once', () => {
    const missing = LONG_CHAIN_MODULES.filter((name) => !existsSync(join(packageRoot(), 'suites', `${name}.check.ts`)));
    expect(missing).toEqual([]);
    expect(new Set(LONG_CHAIN_MODULES).size).toBe(LONG_CHAIN_MODULES.length);
  });

  it('starts the long-chain modules first, in the list order, and keeps the others in their order', () => {
    const modules = ['assignees/add', LONG_CHAIN_MODULES[2], 'billing/scenarios/capture', LONG_CHAIN_MODULES[0]].map(
      (name) => ({ name }),
    );
    expect(inStartOrder(modules).map((module) => module.name)).toEqual([
      LONG_CHAIN_MODULES[0],
      LONG_CHAIN_MODULES[2],
      'assignees/add',
      'billing/scenarios/capture',
    ]);
  });
});
