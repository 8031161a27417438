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

/** Replaces every occurrence of each secret (of 4+ characters) in text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}
