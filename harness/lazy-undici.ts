import { createRequire } from 'node:module';
import type * as Undici from 'undici';

// undici (CommonJS) loads when the first agent is made or the first request sent: a process that
// sends nothing (a run whose checks are all skipped, the main thread of a run against the
// embedded reference) does not pay for loading it. Same module instance as `import 'undici'`.

const require = createRequire(import.meta.url);
let loaded: typeof Undici | undefined;
const undici = (): typeof Undici => (loaded ??= require('undici') as typeof Undici);

export type Agent = Undici.Agent;
export type { Dispatcher } from 'undici';

/** undici's Agent: `new Agent(options)` gives undici's own instance. */
export const Agent = function Agent(options?: Undici.Agent.Options): Undici.Agent {
  return new (undici().Agent)(options);
} as unknown as typeof Undici.Agent;

/** undici's request. */
export const request: typeof Undici.request = (...args) => undici().request(...args);
