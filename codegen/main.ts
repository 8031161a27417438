import { staleOutputs, writeOutput } from '../contracts/generated-files.js';
import { packageRoot } from '../contracts/package-root.js';
import { GENERATORS } from './registry.js';

// `npm run generate [--check] [NAME...]`: derives every generated file from its sources and
// writes it; with --check, writes nothing and exits 1 naming each file that is stale.

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const names = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !GENERATORS.some((generator) => generator.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `error: unknown generator ${unknown.join(', ')}; the generators are ` +
        `${GENERATORS.map((g) => g.name).join(', ') || 'none'}\n`,
    );
    return 2;
  }
  const root = packageRoot();
  let stale = 0;
  for (const generator of GENERATORS.filter((g) => names.length === 0 || names.includes(g.name))) {
    const started = Date.now();
    const outputs = await generator.outputs(root);
    const changed = staleOutputs(root, outputs);
    if (check) {
      stale += changed.length;
      for (const file of changed) process.stdout.write(`stale: ${file} (${generator.name})\n`);
      continue;
    }
    for (const output of outputs) writeOutput(root, output);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${generator.name}: ${generator.describe}; ` +
        `${changed.length === 0 ? 'unchanged' : `rewrote ${changed.join(', ')}`} (${took} s)\n`,
    );
  }
  return stale > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
