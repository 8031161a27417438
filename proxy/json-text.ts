// One reading of a body as JSON, for the proxy's judges and for the diff: the value, or
// undefined when the text is empty or not JSON (JSON itself has no undefined, so the two never mix).

export function jsonOf(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
