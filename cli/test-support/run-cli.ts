import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../contracts/package-root.js';

// Runs the built command line (npm test builds dist/ before vitest runs) as a user would.

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [join(packageRoot(), 'dist', 'cli', 'main.js'), ...args], {
    cwd: options.cwd ?? packageRoot(),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outcomeOf(child, options.timeoutMs);
}

/** Runs a command line through the shell (from the package root unless `cwd`), as a user pasting it would. */
export function runShell(
  line: string,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const child = spawn('/bin/sh', ['-c', line], {
    cwd: options.cwd ?? packageRoot(),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outcomeOf(child, options.timeoutMs);
}

/** What the process printed and how it ended; killed after `timeoutMs` (default 2 minutes). */
function outcomeOf(child: ChildProcess, timeoutMs = 120_000): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
