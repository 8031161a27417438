import { writeFileSync } from 'node:fs';
import { SWITCHABLE_FAULTS } from '../reference/faults/index.js';
import { VARIANTS } from '../reference/variants.js';
import { startReference, ReferenceOptionError } from '../reference/server.js';
import { UsageError } from './errors.js';
import { checkReferenceNames } from './reference-names.js';
import { integerFlag, listFlag, parseFlags } from './options.js';
import { outputWidth, wrapText } from './wrap.js';

export const SERVE_HELP = `Usage: api-conformance serve [--port N] [--faults a,b] [--variant a,b] [--target-out FILE]
       api-conformance serve --list-faults | --list-variants

Runs the reference implementation of both APIs on 127.0.0.1 until stopped (Ctrl-C), prints
its base URL and, with --target-out, writes a target profile for it.

  --port N           port to listen on (default: a free port)
  --faults a,b       switch on faults: each breaks one rule, for the checker's self-tests
                     (${SWITCHABLE_FAULTS.length}; --list-faults names them)
  --variant a,b      switch on legal variants: other answers where the spec leaves a choice
                     (${VARIANTS.length}; --list-variants names them)
  --target-out FILE  write a target profile for this server (it holds the reference's own tokens)
  --latency-ms N     delay every response by N ms (benchmarks of latency-bound targets)
  --list-faults      print every fault: its name, the rule it breaks and what it does
  --list-variants    print every legal variant: its name and what it answers otherwise
  --help             this text`;

/** One block per entry: the name alone on its line, then (indented) a line kept whole, and the text wrapped. */
function listing(entries: ReadonlyArray<{ name: string; whole?: string; text: string }>, width: number): string {
  return entries
    .map(({ name, whole, text }) =>
      [name, ...(whole ? [`    ${whole}`] : []), ...wrapText(text, width, '    ')].join('\n'),
    )
    .join('\n');
}

export function faultList(width: number): string {
  return listing(
    SWITCHABLE_FAULTS.map((fault) => ({ name: fault.name, whole: `breaks ${fault.rule}`, text: fault.description })),
    width,
  );
}

export function variantList(width: number): string {
  return listing(
    VARIANTS.map((variant) => ({ name: variant.name, text: variant.description })),
    width,
  );
}

export async function serveCommand(args: string[], out: (text: string) => void): Promise<number> {
  const flags = parseFlags(
    args,
    {
      port: { type: 'string' },
      faults: { type: 'string' },
      variant: { type: 'string' },
      'target-out': { type: 'string' },
      'latency-ms': { type: 'string' },
      'list-faults': { type: 'boolean' },
      'list-variants': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    'serve',
  );
  if (flags.help) {
    out(SERVE_HELP);
    return 0;
  }
  if (flags['list-faults'] || flags['list-variants']) {
    if (flags['list-faults']) out(faultList(outputWidth(undefined)));
    if (flags['list-variants']) out(variantList(outputWidth(undefined)));
    return 0;
  }
  const port = integerFlag(flags.port, 'port', 0, 65535);
  checkReferenceNames(listFlag(flags.faults), listFlag(flags.variant), 'serve');
  const latencyMs = integerFlag(flags['latency-ms'], 'latency-ms', 0, 60_000);
  let reference;
  try {
    reference = await startReference({
      ...(port !== undefined ? { port } : {}),
      faults: listFlag(flags.faults),
      variants: listFlag(flags.variant),
      ...(latencyMs !== undefined ? { latencyMs } : {}),
    });
  } catch (error) {
    if (error instanceof ReferenceOptionError) throw new UsageError(`serve: ${error.message}`);
    if ((error as { code?: string }).code === 'EADDRINUSE')
      throw new UsageError(`serve: port ${port} is already in use`);
    throw error;
  }
  const targetOut = flags['target-out'];
  if (typeof targetOut === 'string') {
    writeFileSync(targetOut, `${JSON.stringify(reference.profile, null, 2)}\n`);
    out(`target profile written to ${targetOut}`);
  }
  out(`reference implementation listening on ${reference.baseUrl}`);
  const faults = listFlag(flags.faults);
  const variants = listFlag(flags.variant);
  if (faults.length > 0) out(`faults on: ${faults.join(', ')}`);
  if (variants.length > 0) out(`variants on: ${variants.join(', ')}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await reference.close();
  return 0;
}
