import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { sharedRun } from './shared-run.js';

// The waiting side of a shared run, with the claim another test file would have written: no CLI
// run is made here (each name is claimed before it is asked for).

function claimed(name: string, claim: { pid: number; args: string[] }, outcome?: object): void {
  const folder = join(inject('sharedRunsDir'), name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'claim.json'), JSON.stringify(claim));
  if (outcome) writeFileSync(join(folder, 'outcome.json'), JSON.stringify(outcome));
}

describe('a shared run made by another test file', () => {
  it('is read from the outcome that file wrote, with the folder of its reports', async () => {
    const outcome = { code: 0, stdout: 'CONFORMANT', stderr: '', ms: 5 };
    claimed('made-elsewhere', { pid: process.pid, args: ['run', '--seed', '7'] }, outcome);
    const run = await sharedRun('made-elsewhere', ['run', '--seed', '7']);
    expect(run).toEqual({ ...outcome, reportDir: join(inject('sharedRunsDir'), 'made-elsewhere', 'report') });
  });

  it('is refused, naming both, when that file ran it with other arguments', async () => {
    claimed('other-arguments', { pid: process.pid, args: ['run', '--seed', '8'] });
    await expect(sharedRun('other-arguments', ['run', '--seed', '7'])).rejects.toThrow(
      'shared run "other-arguments" is run as `run --seed 8`, not as `run --seed 7`',
    );
  });

  it('fails at once, not at the bound, when the process that ran it ended without its outcome', async () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    claimed('lost', { pid: ended, args: ['run'] });
    const started = Date.now();
    await expect(sharedRun('lost', ['run'])).rejects.toThrow(
      `shared run "lost": the test process that ran it (pid ${ended}) ended before the run did`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
