/**
 * The path and query of a recorded request URL (what a person reads after the method); the text
 * itself when it is no URL.
 */
export function pathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
