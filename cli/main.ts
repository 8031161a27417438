#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { failedText, switchColourOff } from './colour.js';
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { reportInternalError } from './internal-error.js';
import { heapFlags, nodeOptions } from './heap-flags.js';
import { toolInfo } from './version.js';

// Before vitest starts its worker thread, which reads them when its heap is made (heap-flags.ts).
for (const flag of heapFlags(nodeOptions())) setFlagsFromString(flag);

// Commands load lazily: `rules` or a usage error need not load vitest and the reference.

const HELP = `Usage: api-conformance <command> [options]

Conformance checker for the recurring billing API and the issue assignee API.

Commands:
  run     certify a target (the embedded reference when none is given) and write reports
  serve   run the reference implementation on 127.0.0.1
  rules   print the rule catalog (--grep, --level, --kind; rules show ID for one rule)
  proxy   forward a client's traffic to a server and judge every exchange
  diff    the same checks against two targets: rule statuses side by side, and divergences
  cleanup retire what a run created and left live (cleanup --ledger FILE --target FILE)
  keygen  write a key pair that signs certificates (signing-key.pem, signing-key.pub.pem)
  verify  check a report folder's certificate offline (verify DIR [--key PUB])
  baseline known failures a CI gate lets pass (baseline write DIR --out FILE, baseline
          prune FILE DIR); run --baseline FILE then fails on new failures only
  compare what changed between two verified report folders (compare OLD NEW): rules
          regressed, improved, changed

Run \`api-conformance help <command>\` (or \`<command> --help\`) for a command's options.
Every command takes --no-color: plain text on a terminal too (so does NO_COLOR=1; output
that is not a terminal never has colour).

Exit codes: 0 conformant (or partial: only skips the profile chose), 1 not conformant (or
partial under --strict), 2 usage or profile error, 3 the target could not be reached (reports
written), 4 incomplete: nothing certified (a quick look, no profile section for the suites) or
checks could not reach a verdict (timeouts, rate limits, 5xx), and no MUST rule failed, 70
an internal error of the tool (a bug: the stack goes to a log file), 130 interrupted (Ctrl-C).
No run that certified nothing exits 0.`;

const COMMANDS = ['run', 'serve', 'rules', 'proxy', 'diff', 'cleanup', 'keygen', 'verify', 'baseline', 'compare'];

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  switch (command) {
    case 'run':
      return (await import('./run-command.js')).runCommand(rest, out);
    case 'serve':
      return (await import('./serve-command.js')).serveCommand(rest, out);
    case 'rules':
      // A listing loads only the catalog; show and trace read the spec's sentences and the contracts.
      if (rest[0] === 'show' || rest[0] === 'trace')
        return (await import('./rules-command.js')).rulesCommand(rest, out);
      return (await import('./rules-list.js')).listRules(rest, out);
    case 'cleanup':
      return (await import('./cleanup-command.js')).cleanupCommand(rest, out);
    case 'proxy':
      return (await import('./proxy-command.js')).proxyCommand(rest, out);
    case 'diff':
      return (await import('./diff-command.js')).diffCommand(rest, out);
    case 'keygen':
      return (await import('./keygen-command.js')).keygenCommand(rest, out);
    case 'verify':
      return (await import('./verify-command.js')).verifyCommand(rest, out);
    case 'baseline':
      return (await import('./baseline-command.js')).baselineCommand(rest, out);
    case 'compare':
      return (await import('./compare-command.js')).compareCommand(rest, out);
    case '--version':
    case '-v':
      out(toolInfo().version);
      return EXIT.conformant;
    case 'help':
      // `help run` is `run --help`.
      if (rest.length > 0) {
        if (!COMMANDS.includes(rest[0]))
          throw new UsageError(`help: unknown command "${rest[0]}"; the commands are ${COMMANDS.join(', ')}`);
        return main([rest[0], '--help']);
      }
      out(HELP);
      return EXIT.conformant;
    case undefined:
    case '--help':
    case '-h':
      out(HELP);
      return command === undefined ? EXIT.usage : EXIT.conformant;
    default:
      throw new UsageError(`unknown command "${command}"; the commands are ${COMMANDS.join(', ')}`);
  }
}

// `rules | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const args = process.argv.slice(2);
// --no-color is a flag of every command (cli/options.ts), acted on here, before any command prints.
if (args.includes('--no-color')) switchColourOff();

main(args).then(
  (code) => {
    // An interrupted run (128 + signal) may leave vitest workers it stopped waiting for.
    if (code >= 128) process.exit(code);
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${failedText('error:', process.stderr)} ${error.message}\n(see api-conformance --help)\n`);
      process.exitCode = EXIT.usage;
    } else if (error instanceof UnreachableError) {
      process.stderr.write(`${failedText('error:', process.stderr)} ${error.message}\n`);
      process.exitCode = EXIT.unreachable;
    } else {
      // Not the user's fault and not the target's (the embedded reference failing to start too):
      // one line, the stack in a log file.
      process.exitCode = reportInternalError(error, (text) => process.stderr.write(text));
    }
  },
);
