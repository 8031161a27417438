#!/usr/bin/env node
import { EXIT, UnreachableError, UsageError } from './errors.js';
import { runCommand, RUN_HELP } from './run-command.js';
import { rulesCommand } from './rules-command.js';
import { serveCommand } from './serve-command.js';
import { toolInfo } from './version.js';

const HELP = `Usage: api-conformance <command> [options]

Conformance checker for the recurring billing API and the issue assignee API.

Commands:
  run     certify a target (the embedded reference when none is given) and write reports
  serve   run the reference implementation on 127.0.0.1
  rules   print the rule catalog

Run \`api-conformance <command> --help\` for a command's options.

${RUN_HELP.split('\n').slice(-3).join('\n')}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  switch (command) {
    case 'run':
      return runCommand(rest, out);
    case 'serve':
      return serveCommand(rest, out);
    case 'rules':
      return rulesCommand(rest, out);
    case '--version':
    case '-v':
      out(toolInfo().version);
      return EXIT.conformant;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      out(HELP);
      return command === undefined ? EXIT.usage : EXIT.conformant;
    default:
      throw new UsageError(`unknown command "${command}"; the commands are run, serve and rules`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n(see api-conformance --help)\n`);
      process.exitCode = EXIT.usage;
    } else if (error instanceof UnreachableError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = EXIT.unreachable;
    } else {
      // Not the user's fault and not the target's: say so plainly; the stack only on request.
      const err = error as Error;
      process.stderr.write(`internal error: ${err?.message ?? String(error)}\n`);
      if (process.env.API_CONFORMANCE_DEBUG) process.stderr.write(`${err?.stack ?? ''}\n`);
      process.exitCode = EXIT.notConformant;
    }
  },
);
