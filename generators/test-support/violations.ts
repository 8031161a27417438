// How the generator tests read contract violations: one line each for a failure message, and
// whether a violation sits where a break was made.
import type { ContractViolation } from '../../contracts/validate.js';

export const show = (vs: ContractViolation[]) =>
  vs.map((v) => `${v.ruleId} at "${v.instancePath}" (${v.keyword}): ${v.message}`).join('\n');

/**
 * Whether a violation sits at the broken member: its own pointer, its parent for `required`
 * (ajv reports a missing member at the object), or an ancestor for `not` (a member that must be
 * absent is reported at the object that holds it).
 */
export function atPath(v: ContractViolation, path: string): boolean {
  if (v.instancePath === path) return true;
  if (!path.startsWith(`${v.instancePath}/`)) return false;
  if (v.keyword === 'required') return !path.slice(v.instancePath.length + 1).includes('/');
  return v.keyword === 'not';
}
