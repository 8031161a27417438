import { readFileSync } from 'node:fs';
import { validateTargetProfile } from '../contracts/validate.js';
import type { TargetProfile } from './target.js';

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
  if (userinfo) throw new ProfileError(`${source}: baseUrl must not carry credentials (${userinfo}@host): put the token in billing.token or assignees.tokens, read from the environment`);
  const problems = validateTargetProfile(resolved);
  if (problems.length > 0) throw new ProfileError(`${source}: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1).join('; ')})` : ''}`);
  return resolved as TargetProfile;
}

export function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ProfileError(code === 'ENOENT' ? `target profile ${file} does not exist` : `cannot read target profile ${file}: ${(error as Error).message}`);
  }
  return parseProfile(text, `target profile ${file}`, env);
}
