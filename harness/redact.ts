// Credentials must never reach a report, a log or the terminal. Headers that carry them are
// replaced at record time, and every secret of the target is scrubbed from recorded text.

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
export const REDACTED = '[REDACTED]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) out[name] = value;
    else if (name.toLowerCase() === 'authorization' && /^bearer\s/i.test(value)) out[name] = `Bearer ${REDACTED}`;
    else out[name] = REDACTED;
  }
  return out;
}

/**
 * Replaces every occurrence of each secret (of 4+ characters) in text, and of the secret without
 * its first or last character (of 5+ left): a near miss a check sent tells as much as the secret.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    const shortened = secret.length > 5 ? [secret.slice(0, -1), secret.slice(1)] : [];
    for (const value of [secret, ...shortened]) if (out.includes(value)) out = out.split(value).join(REDACTED);
  }
  return out;
}
