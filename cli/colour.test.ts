import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { colourOn } from './colour.js';
import { runCli, runShell } from './test-support/run-cli.js';

// Colour where a person reads the terminal, plain text everywhere else. A terminal is given to
// the built CLI by util-linux's `script` (a pseudo-terminal, as a shell window has).

const dir = mkdtempSync(join(tmpdir(), 'cli-colour-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\u001b[';
const RED = `${ESC}31m`;
const GREEN = `${ESC}32m`;
/** Not started by an npm script, on a terminal that shows colour. */
const PLAIN_ENV = { npm_lifecycle_event: '', npm_command: '', npm_package_name: '', TERM: 'xterm' };

/** The built CLI with these arguments, on a pseudo-terminal: what a person would see (NO_COLOR unset unless given). */
function onTerminal(args: string, env: NodeJS.ProcessEnv = {}): ReturnType<typeof runShell> {
  const unset = env.NO_COLOR === undefined ? 'env -u NO_COLOR ' : '';
  return runShell(`${unset}script -qec ${JSON.stringify(`node dist/cli/main.js ${args}`)} /dev/null`, {
    env: { ...PLAIN_ENV, ...env },
  });
}

describe('colour', () => {
  it('is on for a terminal only, and off when NO_COLOR is set to anything', () => {
    expect(colourOn({ isTTY: true }, {})).toBe(true);
    expect(colourOn({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourOn({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colourOn({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourOn({ isTTY: false }, {})).toBe(false);
    expect(colourOn({}, {})).toBe(false);
  });

  it('paints a failure red and passes green on a terminal', async () => {
    const flags =
      `run --suite assignees --faults user-id-string --grep 'add assignees answers 201' --seed 9 ` +
      `--report-dir ${join(dir, 'fault')}`;
    const run = await onTerminal(flags);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(`${RED}FAIL${ESC}39m assignees.user.id.type`);
    expect(run.stdout).toContain(`${RED}NON_CONFORMANT${ESC}39m: ${GREEN}`);
  }, 120_000);

  it('writes no colour with NO_COLOR, with --no-color, or into a pipe', async () => {
    // A usage error is red on a terminal: the cheapest line to look at.
    const coloured = await onTerminal('run --bogus');
    expect(coloured.stdout).toContain(`${RED}error:`);
    for (const run of [
      await onTerminal('run --bogus', { NO_COLOR: '1' }),
      await onTerminal('run --bogus --no-color'),
      await runCli(['run', '--bogus'], { env: PLAIN_ENV }),
    ]) {
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toContain('error: run: Unknown option');
      expect(run.stdout + run.stderr).not.toContain(ESC);
    }
  }, 60_000);
});
