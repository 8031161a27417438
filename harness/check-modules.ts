import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder } from '../contracts/files.js';
import { packageRoot } from '../contracts/package-root.js';

// The check modules of a run. They all load into one vitest test file (suites/conformance.suite),
// one describe each, so that every check of the run shares one pool of concurrent checks:
// vitest runs the files of a worker one after another, and the slowest check of each file
// held the next file back.

export interface CheckModule {
  /** "billing/properties/shapes": the describe name, and the `file` of each check in reports. */
  name: string;
  /** Loaded natively (see importCheckModule). */
  url: string;
}

/** The built check modules of these suites, in a stable order. */
export function checkModules(suites: readonly string[]): CheckModule[] {
  const root = join(packageRoot(), 'dist', 'suites');
  return suites
    .flatMap((suite) => filesUnder(join(root, suite), '.check.js'))
    .sort()
    .map((file) => ({
      name: relative(root, file)
        .replace(/\\/g, '/')
        .replace(/\.check\.js$/, ''),
      url: pathToFileURL(file).href,
    }));
}

/**
 * Shard i of n: every n-th module from the i-th on. Modules, not checks, are the unit, so that
 * every shard sees the same checks with the same names whatever the other shards hold.
 */
export function shardOf(modules: readonly CheckModule[], shard: string | undefined): CheckModule[] {
  if (!shard) return [...modules];
  const [index, count] = shard.split('/').map(Number);
  return modules.filter((_, position) => position % count === index - 1);
}

/**
 * A native import outside vite's transform (its dynamic-import rewriting refuses a computed
 * specifier). The `run` query (a token per run) gives each run its own module instance: Node caches modules by
 * URL, and a cached check module would not register its checks again.
 */
export function importCheckModule(url: string, generation: string): Promise<unknown> {
  return import(`${url}?run=${encodeURIComponent(generation)}`);
}
