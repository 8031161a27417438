import { UsageError } from './errors.js';

/** A base URL the checks can use: http(s), and no credentials in it (they belong in the profile). */
export function checkBaseUrl(value: string, what: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${what} must be http or https, got "${url.protocol}"`);
  // The URL is not repeated: it holds a password.
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      `${what} must not carry credentials (user:password@host): they would be sent to the target ` +
        `and written to every report; put the token in a target profile (billing.token, ` +
        `assignees.tokens) and read it from the environment`,
    );
  }
}
