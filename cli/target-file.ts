import { loadProfile, ProfileError } from '../harness/profile.js';
import type { TargetProfile } from '../harness/target.js';
import { UsageError } from './errors.js';

// The target a command is pointed at: a profile file (--target), its base URL maybe replaced
// (--base-url). Every problem is a usage error (exit 2) naming the field or flag.

/** A base URL the checks can use: http(s), and no credentials in it (they belong in the profile). */
export function checkBaseUrl(value: string, what: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${what} must be http or https, got "${url.protocol}"`);
  // The URL is not repeated: it holds a password.
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(`${what} must not carry credentials (user:password@host): they would be sent to the target and written to every report; put the token in a target profile (billing.token, assignees.tokens) and read it from the environment`);
  }
}

/** The profile in `file`, with `baseUrl` in place of its own when given. */
export function loadTargetProfile(file: string, baseUrl?: string): TargetProfile {
  let target: TargetProfile;
  try {
    target = loadProfile(file);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(error.message);
    throw error;
  }
  return baseUrl ? { ...target, baseUrl } : target;
}
