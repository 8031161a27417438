// `npm run lint`: eslint and prettier side by side. Each is one thread (eslint's type-checked
// rules hold one program, which a second thread would build again), so one after the other left
// a core idle for prettier's 16 s; together they end when eslint does. Their outputs are shown
// whole, each under its name, and the lint fails when either does.
import { packageBin, runNode } from './run-node.js';

const TOOLS = [
  { name: 'eslint', bin: 'bin/eslint.js', args: ['.'] },
  { name: 'prettier', bin: 'bin/prettier.cjs', args: ['--check', '.'] },
];

const results = await Promise.all(TOOLS.map(({ bin, name, args }) => runNode(packageBin(name, bin), args)));
for (const [index, { code, output }] of results.entries()) {
  process.stdout.write(`> ${TOOLS[index].name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`);
}
process.exitCode = results.some(({ code }) => code !== 0) ? 1 : 0;
