import { parseArgs, type ParseArgsConfig } from 'node:util';
import { APIS, type Api } from '../contracts/operations.js';
import { UsageError } from './errors.js';

// Flag parsing with errors that name the flag. node:util's parser is strict: an unknown flag
// or a missing value is refused instead of silently ignored.

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export type Flags = Record<string, string | boolean | undefined>;

/** Taken by every command (cli/colour.ts; main.ts acts on it before the command starts). */
const GLOBAL_FLAGS: OptionSpec = { 'no-color': { type: 'boolean' } };

export function parseFlags(args: string[], options: OptionSpec, command: string): Flags {
  const { flags, positionals } = parseArguments(args, options, command);
  if (positionals.length > 0) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
  return flags;
}

export interface ParsedArguments {
  flags: Flags;
  positionals: string[];
}

/** The flags and the arguments that are not flags (`verify DIR`), in the order given. */
export function parseArguments(args: string[], options: OptionSpec, command: string): ParsedArguments {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...GLOBAL_FLAGS, ...options },
      strict: true,
      allowPositionals: true,
    });
    return { flags: values as Flags, positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${oneLine((error as Error).message, args)}`);
  }
}

/** node:util's parser explains itself over several lines; one line naming the flag is enough. */
function oneLine(message: string, args: readonly string[]): string {
  const ambiguous = /^Option '(-[^']+)' argument is ambiguous/.exec(message);
  if (ambiguous) {
    // A flag where its value was expected (`--runs --seed 5`), or a value that starts with "-".
    const flag = ambiguous[1];
    const next = args[args.indexOf(flag) + 1];
    return (
      `${flag} needs a value, but is followed by "${next}"; give ${flag} a value (${flag}=VALUE ` +
      `for a value that starts with "-")`
    );
  }
  const missing = /^Option '(-\S+) <value>' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  return message.replace(/\. To specify a positional argument.*$/s, '').split('\n')[0];
}

export function integerFlag(
  value: string | boolean | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim()))
    throw new UsageError(`--${flag} must be an integer, got "${String(value)}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${flag} must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function listFlag(value: string | boolean | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** --suite: a comma-separated list of the suites (billing, assignees); empty when not given. */
export function suitesFlag(value: string | boolean | undefined): Api[] {
  const suites = listFlag(value);
  for (const suite of suites)
    if (!APIS.includes(suite as Api))
      throw new UsageError(`--suite: unknown suite "${suite}"; choose from ${APIS.join(', ')}`);
  return suites as Api[];
}

/** --rate: requests per second, a positive number (0.5 is one request every two seconds). */
export function rateFlag(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const n = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!(n > 0))
    throw new UsageError(
      `--rate must be a positive number of requests per second (e.g. 20 or 0.5), got "${String(value)}"`,
    );
  if (n > 100_000) throw new UsageError(`--rate must be at most 100000 requests per second, got ${n}`);
  return n;
}

/** A flag whose value is a regular expression (--grep, --rule): refused in one line when it is not one. */
export function patternFlag(value: string, flag: string, flags = ''): RegExp {
  try {
    return new RegExp(value, flags);
  } catch (error) {
    const why = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw new UsageError(
      `--${flag} is not a valid regular expression: ${why} (escape ( ) [ ] * + ? . with a ` +
        `backslash to match them literally)`,
    );
  }
}

/** A member only when it has a value (the options are exact optional types). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
