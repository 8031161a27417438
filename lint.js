// `npm run lint`: eslint and prettier side by side. Each is one thread (eslint's type-checked
// rules hold one program, which a second thread would build again), so one after the other left
// a core idle for prettier's 16 s; together they end when eslint does. Their outputs are shown
// whole, each under its name, and the lint fails when either does.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Runs a package's command line (`bin`, its path in the package), resolving with its exit code and output. */
function run(name, bin, args) {
  const path = join(dirname(require.resolve(`${name}/package.json`)), bin);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? 1, output: signal ? `${output}${name}: ${signal}\n` : output }),
    );
  });
}

const results = await Promise.all([
  run('eslint', 'bin/eslint.js', ['.']),
  run('prettier', 'bin/prettier.cjs', ['--check', '.']),
]);
for (const { name, code, output } of results) {
  process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`);
}
process.exitCode = results.some(({ code }) => code !== 0) ? 1 : 0;
