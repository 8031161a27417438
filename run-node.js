// Runs a node script as a child process, for the project's own scripts (lint.js, test.js).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The path of a package's command line (`bin`, its path in the package). */
export function packageBin(name, bin) {
  return join(dirname(require.resolve(`${name}/package.json`)), bin);
}

/**
 * Runs `script` with this node, resolving with its exit code (1 when it could not start or was
 * killed) and, unless `stdio` is inherited, everything it printed. `priority`: its niceness, set
 * before the script starts the processes it runs (they inherit it).
 */
export function runNode(script, args, { stdio = ['ignore', 'pipe', 'pipe'], priority } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // Not allowed here: it runs at this process's priority.
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 1, output: signal ? `${output}killed by ${signal}\n` : output }),
    );
  });
}
