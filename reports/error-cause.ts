// The one normaliser of an error's words: the same cause in many checks differs only in a
// property's seed and path and in the ids of what the target created. The diagnosis
// (reports/diagnosis.ts) and report.html's errors section (reports/html/errors.ts) group by it,
// so the two count the same causes.

/** What fast-check replay details a property's error ends with (harness/property.ts withReplay). */
const REPLAY = / \(fast-check seed -?\d+, path [\d:]*\)$/;
/** The ids of plans, subscriptions and products (P-…, I-…, PROD-…). */
const IDS = /\b(P|I|PROD)-[A-Z0-9]{6,}\b/g;

/** The text without a property's replay details and with each id shown as `<id>`. */
export function withoutVariableParts(text: string): string {
  return text.replace(REPLAY, '').replace(IDS, '<id>');
}

/** The first line of an error message, without what differs from check to check. */
export function errorCauseText(message: string): string {
  return withoutVariableParts(message.split('\n')[0]);
}
