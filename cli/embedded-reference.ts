import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TargetProfile } from '../contracts/target-profile.js';
import type { ReadyLine } from '../reference/child-process.js';
import { EmbeddedReferenceError } from './errors.js';
import { heapFlags, nodeOptions } from './heap-flags.js';

// `run` with no target certifies the reference implementation, started in a child process of
// its own (reference/child-process.ts): the checker's process holds only the checker, as it does
// against a staging server. The child ends when its stdin closes, so a parent that dies in any
// way (SIGKILL too) never leaves it behind.

/** How long the child may take to say it listens (node's start-up on a loaded machine included). */
export const START_BOUND_MS = 30_000;
/** How long stop() waits for the child to end before it kills it. */
const STOP_BOUND_MS = 5_000;

export interface EmbeddedReference {
  target: TargetProfile;
  /** The child's process id. */
  pid: number;
  /** Ends the child and waits for it. */
  stop(): Promise<void>;
  /** Why the child ended before stop() was called; undefined while it runs as it should. */
  failure(): string | undefined;
}

export interface EmbeddedReferenceOptions {
  faults: readonly string[];
  variants: readonly string[];
  /** The child's entry; tests give another to see a child that fails. */
  entry?: string;
  startBoundMs?: number;
  /** A line on the terminal when the child dies during the run. */
  warn?: (line: string) => void;
}

const ENTRY = fileURLToPath(new URL('../reference/child-process.js', import.meta.url));

/** What the child last wrote to stderr (its one-line reason, when it could not start), kept short. */
function stderrTail(child: ChildProcessWithoutNullStreams): () => string {
  let tail = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (tail = (tail + text).slice(-2_000)));
  // A crash ends with its stack and node's version: the line before them says what happened.
  const said = (line: string): boolean => line !== '' && !/^(at |Node\.js v)/.test(line);
  return () =>
    tail
      .split('\n')
      .map((line) => line.trim())
      .filter(said)
      .pop() ?? '';
}

function endedText(code: number | null, signal: NodeJS.Signals | null, reason: string): string {
  const how = signal ? `killed by ${signal}` : `exit code ${code}`;
  return `${how}${reason ? `: ${reason}` : ''}`;
}

/** The child's profile line, or an EmbeddedReferenceError saying in one line why there is none. */
function readyLine(child: ChildProcessWithoutNullStreams, reason: () => string, boundMs: number): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (text: string): void => {
      cleanup();
      child.kill('SIGKILL');
      reject(new EmbeddedReferenceError(`the embedded reference implementation did not start: ${text}`));
    };
    const onData = (text: string): void => {
      stdout += text;
      const end = stdout.indexOf('\n');
      if (end < 0) return;
      cleanup();
      try {
        const line = JSON.parse(stdout.slice(0, end)) as ReadyLine;
        if (typeof line.profile?.baseUrl !== 'string') throw new Error('no baseUrl');
        resolve(line);
      } catch {
        fail(`its first line was not its profile (${JSON.stringify(stdout.slice(0, Math.min(end, 80)))})`);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(endedText(code, signal, reason()));
    const onError = (error: Error): void => fail(error.message);
    const timer = setTimeout(() => fail(`no answer within ${boundMs / 1000} s`), boundMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('close', onExit);
      child.off('error', onError);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    // 'close', not 'exit': the reason may still be on its way through the stderr pipe.
    child.once('close', onExit);
    child.once('error', onError);
  });
}

/** Starts the reference in its child process and waits until it listens. */
export async function startEmbeddedReference(options: EmbeddedReferenceOptions): Promise<EmbeddedReference> {
  const args = [
    // The reference's heap grows as it did in the checker's process; its young generation is V8's default.
    ...heapFlags(nodeOptions()).filter((flag) => flag.startsWith('--heap-growing-percent')),
    options.entry ?? ENTRY,
    ...(options.faults.length > 0 ? ['--faults', options.faults.join(',')] : []),
    ...(options.variants.length > 0 ? ['--variant', options.variants.join(',')] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  // Writing to (or ending) the stdin of a child that has died is no error of the run.
  child.stdin.on('error', () => {});
  const reason = stderrTail(child);
  const ready = await readyLine(child, reason, options.startBoundMs ?? START_BOUND_MS);
  child.stdout.resume();

  let stopping = false;
  let failure: string | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('close', (code, signal) => {
    if (stopping) return;
    failure = `the embedded reference implementation ended during the run (${endedText(code, signal, reason())})`;
    options.warn?.(`${failure}; the checks from then on could not reach it`);
  });
  return {
    target: ready.profile,
    pid: child.pid!,
    failure: () => failure,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const bound = setTimeout(() => child.kill('SIGKILL'), STOP_BOUND_MS);
      await exited;
      clearTimeout(bound);
    },
  };
}
