import { spawn, spawnSync } from 'node:child_process';
import { scrubSecrets } from './redact.js';
import { TOKEN_FIELDS, tokenAt, type TargetProfile, type TokenField } from '../contracts/target-profile.js';

// Tokens that expire: any token of the profile may be `{"command": "<program>"}`. The program
// prints the token on stdout (trimmed). It runs once at start (profile loading, in the main
// process) and again, in the worker, when a request whose token was accepted before is answered
// 401; that request is then sent once more with the new token. What it prints is a secret like
// any token: scrubbed from whatever is recorded, never printed.

/** A program that prints a token gets this long (it may have to log in somewhere). */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/**
 * A 401 to a token the program printed again unchanged is an answer, not an expiry (a read-only
 * token refused a write): the program is not asked again for this long after it was.
 */
const ASK_AT_MOST_EVERY_MS = 5_000;

export class TokenCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCommandError';
  }
}

/** The problem of a profile's token value, or undefined when it is a string or `{"command": "..."}`. */
export function tokenSpecProblem(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return undefined;
  const shape = `must be a string or {"command": "<program that prints the token>"}`;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${field} ${shape}`;
  const extra = Object.keys(value).filter((key) => key !== 'command');
  if (extra.length > 0) return `${field}.${extra[0]} is not a known field (${field} ${shape})`;
  const command = (value as { command?: unknown }).command;
  if (command === undefined) return `${field}.command is missing (${field} ${shape})`;
  if (typeof command !== 'string' || command.trim() === '') return `${field}.command must be a non-empty string`;
  return undefined;
}

/** The token in what a command printed, or why there is none. */
function tokenFrom(field: string, stdout: string): string {
  const token = stdout.trim();
  if (token === '') throw new TokenCommandError(`${field}: the token command printed nothing on stdout`);
  if (/[\r\n]/.test(token))
    throw new TokenCommandError(
      `${field}: the token command printed more than one line; it must print the token alone`,
    );
  return token;
}

/** The last line the command wrote on stderr, short, with anything it printed on stdout scrubbed. */
function stderrTail(stderr: string, stdout: string, secrets: readonly string[]): string {
  const last = stderr.trim().split('\n').pop()?.trim() ?? '';
  if (last === '') return '';
  const clean = scrubSecrets(last, [...secrets, ...stdout.split(/\s+/)]);
  return `: ${clean.length > 200 ? `${clean.slice(0, 200)}…` : clean}`;
}

/**
 * Runs the command in its own process group through a small node program, which kills the whole
 * group at the timeout (killing the shell alone leaves its children holding the output open)
 * and answers with one JSON line. The same program serves the start (synchronously: loading a
 * profile is) and the run (without holding up the other checks).
 */
const RUNNER = `
const { spawn } = require('node:child_process');
const [command, ms] = process.argv.slice(1);
const answer = (value) => { process.stdout.write(JSON.stringify(value)); process.exit(0); };
const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let out = '';
let err = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
const timer = setTimeout(() => {
  try { process.kill(-child.pid, 'SIGKILL'); } catch {}
  answer({ timedOut: true, err });
}, Number(ms));
child.on('error', (e) => { clearTimeout(timer); answer({ startError: e.message }); });
child.on('close', (code, signal) => { clearTimeout(timer); answer({ code, signal, out, err }); });
`;

interface RunnerAnswer {
  timedOut?: boolean;
  startError?: string;
  code?: number | null;
  signal?: string | null;
  out?: string;
  err?: string;
}

function tokenOf(field: string, answerText: string, timeoutMs: number, secrets: readonly string[]): string {
  let answer: RunnerAnswer;
  try {
    answer = JSON.parse(answerText) as RunnerAnswer;
  } catch {
    throw failure(field, 'could not be run (no answer from its runner)');
  }
  const out = answer.out ?? '';
  if (answer.timedOut) throw failure(field, `printed no token within ${timeoutMs / 1000} s (timeout)`);
  if (answer.startError !== undefined) throw failure(field, `could not start: ${answer.startError}`);
  if (answer.signal)
    throw failure(field, `was stopped by ${answer.signal}${stderrTail(answer.err ?? '', out, secrets)}`);
  if (answer.code !== 0)
    throw failure(field, `ended with exit code ${answer.code}${stderrTail(answer.err ?? '', out, secrets)}`);
  return tokenFrom(field, out);
}

function failure(field: string, how: string): TokenCommandError {
  return new TokenCommandError(`${field}: the token command ${how}`);
}

/** A bound beyond the command's own, should the runner itself hang. */
const RUNNER_GRACE_MS = 5_000;

/** Runs the command at start (loading the profile is synchronous); throws TokenCommandError. */
export function runTokenCommandSync(
  field: string,
  command: string,
  secrets: readonly string[] = [],
  timeoutMs = TOKEN_COMMAND_TIMEOUT_MS,
): string {
  const result = spawnSync(process.execPath, ['-e', RUNNER, command, String(timeoutMs)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: timeoutMs + RUNNER_GRACE_MS,
    killSignal: 'SIGKILL',
  });
  return tokenOf(field, result.stdout ?? '', timeoutMs, secrets);
}

/** Runs the command again during the run, without holding up the other checks. */
export function runTokenCommand(
  field: string,
  command: string,
  secrets: readonly string[] = [],
  timeoutMs = TOKEN_COMMAND_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', RUNNER, command, String(timeoutMs)], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let answer = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs + RUNNER_GRACE_MS);
    child.stdout.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(failure(field, `could not be run: ${error.message}`));
    });
    child.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(tokenOf(field, answer, timeoutMs, secrets));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

interface CommandToken {
  field: TokenField;
  command: string;
  current: string;
  /** Every value it has had: a check may still hold an older one. */
  values: Set<string>;
  /** Values some request was answered with anything but 401. */
  accepted: Set<string>;
  askedAt: number;
  asking?: Promise<string>;
}

/**
 * The tokens of a run that come from commands, in one worker: which value is current, and
 * asking the command again after a 401. `secrets` grows with every value, so that a client
 * holding it scrubs new tokens too.
 */
export class TokenRefresher {
  readonly secrets: string[];
  private readonly byValue = new Map<string, CommandToken>();

  constructor(
    commands: Partial<Record<TokenField, { command: string; value: string }>>,
    secrets: readonly string[],
    private readonly run: (
      field: string,
      command: string,
      secrets: readonly string[],
    ) => Promise<string> = runTokenCommand,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.secrets = [...secrets];
    for (const field of TOKEN_FIELDS) {
      const spec = commands[field];
      if (!spec) continue;
      const token: CommandToken = {
        field,
        command: spec.command,
        current: spec.value,
        values: new Set([spec.value]),
        accepted: new Set(),
        askedAt: -Infinity,
      };
      this.byValue.set(spec.value, token);
      if (!this.secrets.includes(spec.value)) this.secrets.push(spec.value);
    }
  }

  /** The value to send for `token`: the current one when `token` is an older value of a command's token. */
  current(token: string): string {
    return this.byValue.get(token)?.current ?? token;
  }

  /** A request with `token` was answered `status` (not 401): the value was accepted. */
  noteAccepted(token: string): void {
    this.byValue.get(token)?.accepted.add(token);
  }

  /**
   * A request with `token` was answered 401: the value to send it again with, or undefined to
   * keep the 401 (not a command's token, never accepted, or the command printed it again).
   * Throws TokenCommandError when the command fails.
   */
  async afterUnauthorized(token: string): Promise<string | undefined> {
    const entry = this.byValue.get(token);
    if (!entry) return undefined;
    // Another request has already brought a newer value.
    if (entry.current !== token) return entry.current;
    if (!entry.accepted.has(token)) return undefined;
    if (!entry.asking) {
      if (this.now() - entry.askedAt < ASK_AT_MOST_EVERY_MS) return undefined;
      entry.askedAt = this.now();
      entry.asking = this.run(entry.field, entry.command, this.secrets).finally(() => {
        entry.asking = undefined;
      });
    }
    const fresh = await entry.asking;
    if (fresh === token) return undefined;
    if (!this.byValue.has(fresh)) {
      entry.values.add(fresh);
      this.byValue.set(fresh, entry);
      if (!this.secrets.includes(fresh)) this.secrets.push(fresh);
    }
    entry.current = fresh;
    return fresh;
  }
}

let shared: { run: string; refresher: TokenRefresher } | undefined;

/**
 * The refresher of this run in this thread, or undefined when no token comes from a command.
 * `run` is the run's identity: another run in the same thread starts afresh.
 */
export function tokenRefresher(
  target: TargetProfile,
  run: string,
  secrets: readonly string[],
): TokenRefresher | undefined {
  const commands = target.tokenCommands;
  if (!commands || Object.keys(commands).length === 0) return undefined;
  if (shared?.run !== run) {
    const specs: Partial<Record<TokenField, { command: string; value: string }>> = {};
    for (const field of TOKEN_FIELDS) {
      const command = commands[field];
      const value = tokenAt(target, field);
      if (command !== undefined && value !== undefined) specs[field] = { command, value };
    }
    shared = { run, refresher: new TokenRefresher(specs, secrets) };
  }
  return shared.refresher;
}
