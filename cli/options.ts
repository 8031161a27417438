import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

// Flag parsing with errors that name the flag. node:util's parser is strict: an unknown flag
// or a missing value is refused instead of silently ignored.

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export function parseFlags(args: string[], options: OptionSpec, command: string): Record<string, string | boolean | undefined> {
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    if (positionals.length > 0) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(`${command}: ${message}`);
  }
}

export function integerFlag(value: string | boolean | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) throw new UsageError(`--${flag} must be an integer, got "${String(value)}"`);
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
