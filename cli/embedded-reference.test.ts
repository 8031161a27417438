import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import type * as Embedded from './embedded-reference.js';

// The embedded reference of `run` lives in a child process (npm test builds dist/ first): it
// answers until stopped, a Ctrl-C does not end it, it never outlives its parent, and a child
// that cannot start or dies is one line, never a hang.

const MODULE = pathToFileURL(join(packageRoot(), 'dist', 'cli', 'embedded-reference.js')).href;
const { startEmbeddedReference } = (await import(MODULE)) as typeof Embedded;
const dir = mkdtempSync(join(tmpdir(), 'embedded-reference-'));
const pids: number[] = [];

afterAll(() => {
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The status of GET / on baseUrl (any: the server answered), or the connection error's code. */
function probe(baseUrl: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** Polls `done` every 100 ms, for `boundMs` at most; whether it came true. */
async function eventually(done: () => boolean | Promise<boolean>, boundMs = 10_000): Promise<boolean> {
  for (const end = Date.now() + boundMs; Date.now() < end;) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return done();
}

/** A stand-in for the reference's entry: a script that misbehaves as `body` says. */
function entry(name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return file;
}

describe('the embedded reference in its child process', () => {
  it('answers until stopped, ignores Ctrl-C, and stop() ends it', async () => {
    const reference = await startEmbeddedReference({ faults: [], variants: [] });
    pids.push(reference.pid);
    expect(reference.target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(reference.target.billing?.token).toBeTruthy();
    process.kill(reference.pid, 'SIGINT');
    process.kill(reference.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await probe(reference.target.baseUrl)).toBeTypeOf('number');
    expect(reference.failure()).toBeUndefined();
    await reference.stop();
    expect(alive(reference.pid)).toBe(false);
    expect(await probe(reference.target.baseUrl)).toBe('ECONNREFUSED');
  });

  it('ends when its parent is killed with SIGKILL', async () => {
    const script =
      `const { startEmbeddedReference } = await import(${JSON.stringify(MODULE)});\n` +
      `const reference = await startEmbeddedReference({ faults: [], variants: [] });\n` +
      `console.log(JSON.stringify({ baseUrl: reference.target.baseUrl, pid: reference.pid }));\n` +
      `setInterval(() => {}, 1000);\n`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(parent.pid!);
    let stderr = '';
    parent.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const line = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
      });
      parent.on('exit', () => reject(new Error(`the parent ended first: ${stderr}`)));
    });
    const child = JSON.parse(line) as { baseUrl: string; pid: number };
    pids.push(child.pid);
    expect(await probe(child.baseUrl)).toBeTypeOf('number');

    parent.kill('SIGKILL');
    expect(await eventually(() => !alive(child.pid))).toBe(true);
    expect(await probe(child.baseUrl)).toBe('ECONNREFUSED');
  });

  it('that cannot start says why in one line', async () => {
    // Only the one that never answers waits for the bound; the others end on their own.
    const cases: Array<[string, string, RegExp, number?]> = [
      ['exits', `process.stderr.write('port taken\\n'); process.exit(3);`, /: exit code 3: port taken$/],
      ['crashes', `throw new Error('the state did not load');`, /: exit code 1: Error: the state did not load$/],
      ['garbles', `console.log('hello');`, /: its first line was not its profile \("hello"\)$/],
      ['hangs', `setInterval(() => {}, 1000);`, /: no answer within 0\.5 s$/, 500],
    ];
    for (const [name, body, reason, startBoundMs] of cases) {
      const started = startEmbeddedReference({
        faults: [],
        variants: [],
        entry: entry(name, body),
        ...(startBoundMs !== undefined ? { startBoundMs } : {}),
      });
      const error = await started.then(
        () => new Error('it started'),
        (thrown: Error) => thrown,
      );
      expect(error.name, name).toBe('EmbeddedReferenceError');
      expect(error.message, name).toMatch(/^the embedded reference implementation did not start: /);
      expect(error.message, name).toMatch(reason);
      expect(error.message, name).not.toContain('\n');
    }
  });

  it('that dies during the run is said once, and stop() still returns', async () => {
    const profile = JSON.stringify({ profile: { baseUrl: 'http://127.0.0.1:9' } });
    const dies = entry(
      'dies',
      `console.log(${JSON.stringify(profile)});\n` +
        `setTimeout(() => { process.stderr.write('out of memory\\n'); process.exit(5); }, 100);\n` +
        `setInterval(() => {}, 1000);\n`,
    );
    const warned: string[] = [];
    const reference = await startEmbeddedReference({
      faults: [],
      variants: [],
      entry: dies,
      warn: (line) => warned.push(line),
    });
    expect(await eventually(() => reference.failure() !== undefined)).toBe(true);
    expect(reference.failure()).toBe(
      'the embedded reference implementation ended during the run (exit code 5: out of memory)',
    );
    expect(warned).toEqual([`${reference.failure()}; the checks from then on could not reach it`]);
    await reference.stop();
  });
});
