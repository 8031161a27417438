import type { TargetProfile } from '../contracts/target-profile.js';

/** Every credential a profile holds: what redaction must scrub and tests must never find. */
export function secretsOf(target: TargetProfile): string[] {
  const secrets: string[] = [];
  if (target.billing?.token) secrets.push(target.billing.token);
  const tokens = target.assignees?.tokens;
  if (tokens?.push) secrets.push(tokens.push);
  if (tokens?.read) secrets.push(tokens.read);
  return secrets;
}
