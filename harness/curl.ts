import type { RecordedRequest } from './exchange.js';

// A curl line that reproduces a recorded request. The credential stays a shell variable so
// the line can be pasted into a report without leaking it.

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlLine(request: RecordedRequest, tokenVariable = 'TOKEN'): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization') {
      parts.push('-H', `"Authorization: Bearer \${${tokenVariable}}"`);
    } else if (name.toLowerCase() !== 'content-length' && name.toLowerCase() !== 'host') {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
