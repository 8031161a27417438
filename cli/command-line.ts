import { basename, isAbsolute, join, relative } from 'node:path';
import { shellQuote } from '../harness/curl.js';

// The command lines the tool prints and records: the start of every failure's re-run line, the
// command line of a run, a proxy session or a diff in its report, the cleanup line. All begin
// the way the user started the tool, as far as that can be known:
//   npm start                    ->  npm start -- <flags>                (this repository)
//   npm run conformance -- run   ->  npm run conformance -- run <flags>  (this repository)
//   npx api-conformance run      ->  npx api-conformance run <flags>
//   npx --package=./x.tgz api-conformance run  ->  the same, --package as given (a tarball,
//                                    a folder: `npx api-conformance` would ask the registry)
//   node dist/cli/main.js run    ->  node dist/cli/main.js run <flags>   (path as seen from here)
//   api-conformance run          ->  api-conformance run <flags>         (installed on the PATH)
// and `npx api-conformance run` when nothing tells. A command the tool starts itself (diff runs
// each side with `run`) is told, in STARTED_AS, how the user started the tool.

const PACKAGE = 'api-conformance';

/** The environment variable that hands a child run the way the user started the tool. */
export const STARTED_AS = 'API_CONFORMANCE_STARTED_AS';

export interface Invocation {
  env?: NodeJS.ProcessEnv;
  /** The script node runs (process.argv[1]). */
  script?: string;
  cwd?: string;
}

/** The words that start the tool the way the user typed them, before the command's name. */
export function toolPrefix({
  env = process.env,
  script = process.argv[1] ?? '',
  cwd = process.cwd(),
}: Invocation = {}): string {
  if (env[STARTED_AS]) return env[STARTED_AS];
  const event = env.npm_lifecycle_event;
  if (env.npm_package_name === PACKAGE && (event === 'start' || event === 'conformance'))
    return 'npm run conformance --';
  // The bin link: npx (or npm exec) ran it, or a shell found it. A script started by path is
  // `node <path>` whatever npm variables it inherited (from an `npx vitest`, say).
  if (basename(script) === PACKAGE) {
    if (event === 'npx' || env.npm_command === 'exec') {
      // `npx --package=SPEC api-conformance`: the package as given, else the registry's.
      const spec = env.npm_config_package?.split('\n')[0].trim();
      return spec ? `npx --package=${quoteArg(spec)} ${PACKAGE}` : `npx ${PACKAGE}`;
    }
    // A link in this project's node_modules/.bin (a package script, or typed by path) runs with npx.
    return script.startsWith(join(cwd, 'node_modules', '.bin')) ? `npx ${PACKAGE}` : PACKAGE;
  }
  if (/[\\/]dist[\\/]cli[\\/]main\.js$/.test(script)) {
    const rel = relative(cwd, script);
    return `node ${quoteArg(rel.startsWith('..') || isAbsolute(rel) ? script : rel)}`;
  }
  return `npx ${PACKAGE}`;
}

/** The words that start `command` the way the user typed them (`npm start --` is `run`). */
export function commandPrefix(command: string, invocation: Invocation = {}): string {
  const env = invocation.env ?? process.env;
  if (command === 'run' && !env[STARTED_AS] && env.npm_package_name === PACKAGE && env.npm_lifecycle_event === 'start')
    return 'npm start --';
  return `${toolPrefix(invocation)} ${command}`;
}

/** The words that start the `run` command the way the user typed it. */
export function runPrefix(invocation: Invocation = {}): string {
  return commandPrefix('run', invocation);
}

/** A word the shell reads back as itself: quoted only when it has to be. */
export function quoteArg(value: string): string {
  return /^[A-Za-z0-9_./:@,=+%-]+$/.test(value) ? value : shellQuote(value);
}

/** user:password@ in a URL, replaced: the report and the terminal never show credentials. */
function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i, '$1[REDACTED]@');
}

/** The command line of this `command` (run, proxy, diff), as typed, credentials in URLs redacted. */
export function commandLine(command: string, args: readonly string[], invocation: Invocation = {}): string {
  return [commandPrefix(command, invocation), ...args.map((arg) => quoteArg(redactUrl(arg)))].join(' ');
}

/** Flags that change what the checks see or where the reports go: a re-run line keeps them. */
export const RERUN_FLAGS = [
  'target',
  'base-url',
  'suite',
  'runs',
  'timeout-ms',
  'concurrency',
  'rate',
  'settle-ms',
  'faults',
  'variant',
  'report-dir',
] as const;

/** Where a re-run writes: a folder of its own inside the run's, so the full run's reports stay. */
export function rerunReportDir(reportDir: string): string {
  const trimmed = reportDir.replace(/[\\/]+$/, '');
  return /[\\/]rerun$/.test(trimmed) ? trimmed : `${trimmed}/rerun`;
}

/**
 * The start of the line that re-runs one check (harness/check.ts appends --seed and --grep):
 * every flag of RERUN_FLAGS the user gave, with the value as typed, and the report folder
 * moved into its own rerun folder (given or default: reports/out).
 */
export function rerunPrefix(
  given: Partial<Record<(typeof RERUN_FLAGS)[number], string>>,
  invocation: Invocation = {},
): string {
  const parts = [runPrefix(invocation)];
  for (const flag of RERUN_FLAGS) {
    if (flag === 'report-dir') continue;
    const value = given[flag];
    if (value !== undefined) parts.push(`--${flag}`, quoteArg(redactUrl(value)));
  }
  parts.push('--report-dir', quoteArg(rerunReportDir(given['report-dir'] ?? 'reports/out')));
  return parts.join(' ');
}

/** The command that retires what a run left on its target, started the way `run` was. */
export function cleanupCommandLine(ledgerFile: string, targetFile: string, invocation: Invocation = {}): string {
  return `${commandPrefix('cleanup', invocation)} --ledger ${quoteArg(ledgerFile)} --target ${quoteArg(targetFile)}`;
}

/** The command that checks a report folder's certificate; with the signer's public key when it is signed. */
export function verifyCommandLine(reportDir: string, publicKeyFile?: string, invocation: Invocation = {}): string {
  const key = publicKeyFile !== undefined ? ` --key ${quoteArg(publicKeyFile)}` : '';
  return `${commandPrefix('verify', invocation)} ${quoteArg(reportDir)}${key}`;
}
