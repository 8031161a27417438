// A failure's message as the report builder writes it: the check's own words, then, for a
// property, " (counterexample: <JSON of the generated value>)". Readers want the words, the
// expected and the received first; the counterexample (often long JSON) comes last.

const COUNTEREXAMPLE = / \(counterexample: ([\s\S]*)\)$/;

export function splitCounterexample(message: string | undefined): { message: string; counterexample?: string } {
  const text = message ?? '';
  const match = COUNTEREXAMPLE.exec(text);
  if (!match) return { message: text };
  return { message: text.slice(0, match.index), counterexample: match[1] };
}

/** Text on one line, cut at `limit` characters with an ellipsis. */
export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
