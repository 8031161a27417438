import { readFileSync } from 'node:fs';
import { validateTargetProfile } from '../contracts/validate.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { runTokenCommandSync, TokenCommandError, tokenSpecProblem } from './token-source.js';
import { TOKEN_FIELDS, type TokenField } from '../contracts/target-profile.js';

// Loading a target profile: read, parse, substitute ${ENV} in string values, validate against
// contracts/target.schema.json. Every problem is one line that names the field.

export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileError';
  }
}

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces ${NAME} in every string value; an unset variable is an error naming the field. */
export function substituteEnv(value: unknown, env: NodeJS.ProcessEnv, path = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (_match, name: string) => {
      const resolved = env[name];
      if (resolved === undefined || resolved === '') {
        throw new ProfileError(`${path || '(root)'}: environment variable ${name} is not set`);
      }
      return resolved;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => substituteEnv(item, env, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env, path ? `${path}.${key}` : key)]),
    );
  }
  return value;
}

/** "user:password" when a URL carries credentials (never the values themselves), else undefined. */
function credentialsInUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    if (url.password !== '') return 'user:password';
    if (url.username !== '') return 'user';
  } catch {
    // Not a URL: the schema says so.
  }
  return undefined;
}

export function parseProfile(text: string, source: string, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ProfileError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ProfileError(`${source} must hold a JSON object with at least baseUrl`);
  }
  let resolved: unknown;
  try {
    resolved = substituteEnv(raw, env);
  } catch (error) {
    if (error instanceof ProfileError) throw new ProfileError(`${source}: ${error.message}`);
    throw error;
  }
  const userinfo = credentialsInUrl((resolved as { baseUrl?: unknown }).baseUrl);
  if (userinfo)
    throw new ProfileError(
      `${source}: baseUrl must not carry credentials (${userinfo}@host): put the token in ` +
        `billing.token or assignees.tokens, read from the environment`,
    );
  const commands = tokenCommandsOf(resolved, source);
  const problems = validateTargetProfile(
    withTokens(resolved, Object.fromEntries(Object.keys(commands).map((field) => [field, 'from a command']))),
  );
  if (problems.length > 0)
    throw new ProfileError(
      `${source}: ${problems[0]}` +
        (problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1).join('; ')})` : ''),
    );
  if (Object.keys(commands).length === 0) return resolved as TargetProfile;
  // Every token given as a command is asked for now, so that a broken command stops the run here.
  const values: Partial<Record<TokenField, string>> = {};
  for (const [field, command] of Object.entries(commands) as Array<[TokenField, string]>) {
    try {
      values[field] = runTokenCommandSync(field, command, Object.values(values));
    } catch (error) {
      if (error instanceof TokenCommandError) throw new ProfileError(`${source}: ${error.message}`);
      throw error;
    }
  }
  return { ...(withTokens(resolved, values) as TargetProfile), tokenCommands: commands };
}

/** The value at a dotted path ("assignees.tokens.push") of a parsed profile. */
function valueAt(profile: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      profile,
    );
}

/** The tokens given as `{"command": ...}`, by field; a token that is neither form is a ProfileError naming it. */
function tokenCommandsOf(profile: unknown, source: string): Partial<Record<TokenField, string>> {
  const commands: Partial<Record<TokenField, string>> = {};
  for (const field of TOKEN_FIELDS) {
    const value = valueAt(profile, field);
    if (value === undefined) continue;
    const problem = tokenSpecProblem(value, field);
    if (problem) throw new ProfileError(`${source}: ${problem}`);
    if (typeof value !== 'string') commands[field] = (value as { command: string }).command;
  }
  return commands;
}

/** A copy of the profile with the tokens at these fields replaced. */
function withTokens(profile: unknown, tokens: Partial<Record<string, string>>): unknown {
  const copy = structuredClone(profile) as Record<string, unknown>;
  for (const [field, token] of Object.entries(tokens)) {
    const keys = field.split('.');
    const holder = keys
      .slice(0, -1)
      .reduce<Record<string, unknown>>((value, key) => value[key] as Record<string, unknown>, copy);
    holder[keys[keys.length - 1]] = token;
  }
  return copy;
}

export function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ProfileError(
      code === 'ENOENT'
        ? `target profile ${file} does not exist`
        : `cannot read target profile ${file}: ${(error as Error).message}`,
    );
  }
  return parseProfile(text, `target profile ${file}`, env);
}
