import { validate } from '../../../contracts/validate.js';

// Where an answer's shape broke its contract, so that what a check goes on to compare leaves
// those members out: each is failed under its own schema rule, and comparing it again (with what
// was sent, with a link it should hold) would make one broken member two failures.

/**
 * The members of `shown` whose shape breaks the contract `schemaId` (dotted, without array keys,
 * as `ignored` names them). Each is failed under its own schema rule already: comparing it with
 * what was sent too would make one broken member two failures.
 */
export function shapeBroken(schemaId: string, shown: unknown): string[] {
  const paths = validate(schemaId, shown).map((violation) =>
    violation.instancePath
      .split('/')
      .slice(1)
      .filter((segment) => !/^\d+$/.test(segment))
      .join('.'),
  );
  return [...new Set(paths)];
}
