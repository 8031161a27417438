/** Text safe inside HTML and XML element content and attribute values. */
export function escapeMarkup(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
      // Characters XML 1.0 cannot carry at all (a server may send anything).
      // eslint-disable-next-line no-control-regex -- these control characters are what it replaces
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
  );
}
