import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { processAlive } from '../../harness/exclusive.js';
import { runCli, type CliResult } from './run-cli.js';

// A run of the built CLI that several test files read (a seed-7 certification costs ~17 CPU-s):
// made once per `vitest run`, by the first file that asks for it, in the folder the global setup
// provides (shared-runs-folder.ts). The file that makes it claims its folder (mkdir is atomic
// across processes) and writes outcome.json when the run ends; every other file waits for that
// file, within a bound. A file run alone (`npx vitest run that.test.ts`) makes the run itself.

export interface SharedRun extends CliResult {
  /** Where the run wrote its reports (conformance.json, report.html, exchanges.har, ...). */
  reportDir: string;
}

interface Claim {
  pid: number;
  args: string[];
}

const OUTCOME = 'outcome.json';
const POLL_MS = 200;
/** A full run takes 15-60 s on 2 loaded cores; past this the run is taken as lost. */
const WAIT_BOUND_MS = 300_000;

const made = new Map<string, Promise<SharedRun>>();

/** This `vitest run`'s folder of shared runs. */
function runsFolder(): string {
  const provided = inject('sharedRunsDir') as string | undefined;
  if (!provided) throw new Error('no folder for shared runs: run vitest with vitest.config.ts (its globalSetup)');
  return provided;
}

/**
 * The outcome of `api-conformance <args> --report-dir <its folder>`, run once per `vitest run`
 * under `name`. Every caller of one name must pass the same arguments (else a clear error).
 */
export function sharedRun(name: string, args: string[]): Promise<SharedRun> {
  const started = made.get(name) ?? claimOrWait(join(runsFolder(), name), name, args);
  made.set(name, started);
  return started;
}

/** The default certification of the embedded reference with seed 7: exit 0, every report written. */
export const cleanSeed7Run = (): Promise<SharedRun> => sharedRun('clean-seed-7', ['run', '--seed', '7']);

async function claimOrWait(folder: string, name: string, args: string[]): Promise<SharedRun> {
  const reportDir = join(folder, 'report');
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...(await outcomeOf(folder, name, args)), reportDir };
  }
  const claim: Claim = { pid: process.pid, args };
  writeFileSync(join(folder, 'claim.json'), JSON.stringify(claim));
  const result = await runCli([...args, '--report-dir', reportDir], { timeoutMs: WAIT_BOUND_MS - 20_000 });
  // Written whole, then renamed: a waiting file never reads half of it.
  writeFileSync(join(folder, `${OUTCOME}.part`), JSON.stringify(result));
  renameSync(join(folder, `${OUTCOME}.part`), join(folder, OUTCOME));
  return { ...result, reportDir };
}

/** Waits for the outcome another test file's run writes, failing clearly when that cannot come. */
async function outcomeOf(folder: string, name: string, args: string[]): Promise<CliResult> {
  const deadline = Date.now() + WAIT_BOUND_MS;
  for (;;) {
    const claim = readClaim(folder);
    if (claim && claim.args.join('\0') !== args.join('\0'))
      throw new Error(`shared run "${name}" is run as \`${claim.args.join(' ')}\`, not as \`${args.join(' ')}\``);
    if (existsSync(join(folder, OUTCOME))) return JSON.parse(readFileSync(join(folder, OUTCOME), 'utf8')) as CliResult;
    if (claim && !processAlive(claim.pid))
      throw new Error(`shared run "${name}": the test process that ran it (pid ${claim.pid}) ended before the run did`);
    if (Date.now() > deadline)
      throw new Error(`shared run "${name}" did not end within ${WAIT_BOUND_MS / 1000} s (its folder: ${folder})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The claim, once its maker has written it (it may be a moment behind the folder). */
function readClaim(folder: string): Claim | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, 'claim.json'), 'utf8')) as Claim;
  } catch {
    return undefined;
  }
}
