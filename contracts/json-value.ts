// The small judgements of a parsed JSON value that every part of the tool makes: one home.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
