import { writeFileSync } from 'node:fs';
import { GENERATED_FAULTS, HAND_FAULTS } from '../reference/faults.js';
import { RESPONSE_FAULT_PREFIX } from '../reference/faults/response-breaking.js';
import { VARIANTS } from '../reference/variants.js';
import { startReference, ReferenceOptionError } from '../reference/server.js';
import { UsageError } from './errors.js';
import { checkReferenceNames } from './reference-names.js';
import { integerFlag, listFlag, parseFlags } from './options.js';

function serveHelp(): string {
  const faults = HAND_FAULTS.map((f) => `  ${f.name.padEnd(36)} ${f.rule}  ${f.description}`).join('\n');
  const variants = VARIANTS.map((v) => `  ${v.name.padEnd(36)} ${v.description}`).join('\n');
  return `Usage: api-conformance serve [--port N] [--faults a,b] [--variant a,b] [--target-out FILE] [--latency-ms N]

Runs the reference implementation of both APIs on 127.0.0.1 until stopped (Ctrl-C), prints
its base URL and, with --target-out, writes a target profile for it.

  --port N           port to listen on (default: a free port)
  --faults a,b       switch on named faults: each breaks one rule, for the checker's self-tests
  --variant a,b      switch on legal variants: other answers where the spec leaves a choice
  --target-out FILE  write a target profile for this server (it holds the reference's own tokens)
  --latency-ms N     delay every response by N ms (benchmarks of latency-bound targets)
  --help             this text

Faults (name, rule it breaks, what it does):
${faults}
  ${`${RESPONSE_FAULT_PREFIX}<rule>`.padEnd(36)} generated for ${GENERATED_FAULTS.length} rules of the response contracts: every answer
  ${''.padEnd(36)} breaks the constraint that enforces <rule> (a wrong type, a bound passed by one, a member taken away)

Legal variants:
${variants}`;
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
      help: { type: 'boolean', short: 'h' },
    },
    'serve',
  );
  if (flags.help) {
    out(serveHelp());
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
    if ((error as { code?: string }).code === 'EADDRINUSE') throw new UsageError(`serve: port ${port} is already in use`);
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
