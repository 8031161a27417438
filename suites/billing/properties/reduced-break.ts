import { validate } from '../../../contracts/validate.js';
import { segmentsOf, valueAtSegments } from '../../../contracts/json-pointer.js';
import type { Invalid } from '../../../generators/index.js';
import { isObject, type JsonObject } from '../support/api.js';

// A generated request that breaks one rule carries much else (human-looking text, emoji, every
// optional member): the vendor reading a failure wants the break alone. The reduced request is
// the check's own minimal valid body with the broken request's top-level member in place, kept
// only when the request contract still finds that very rule broken in it, so that a server taking
// it breaks the rule as surely as one taking the generated request.

/** A text with every character but letters, digits, spaces and hyphens written as x: as long, plainer. */
const plain = (text: string): string => [...text].map((char) => (/[A-Za-z0-9 -]/.test(char) ? char : 'x')).join('');

/** `invalid` reduced to `base` plus its broken member, or none when that would not break its rule. */
export function reducedBreak(invalid: Invalid, base: JsonObject, contractId: string): Invalid | undefined {
  const [member] = segmentsOf(invalid.path);
  if (member === undefined || !isObject(invalid.value)) return undefined;
  const broken = valueAtSegments(invalid.value, [member]);
  // A broken text in plain letters first (a length breaks as well), else as it was generated.
  const candidates = typeof broken === 'string' ? [plain(broken), broken] : [broken];
  for (const candidate of candidates) {
    const value: JsonObject = { ...base };
    if (candidate === undefined) delete value[member];
    else value[member] = candidate;
    if (validate(contractId, value).some((violation) => violation.ruleId === invalid.rule))
      return { ...invalid, value };
  }
  return undefined;
}
