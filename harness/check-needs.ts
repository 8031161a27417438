import type { TargetProfile } from '../contracts/target-profile.js';

// What a check needs of the target profile to apply at all; a check whose need the profile does
// not meet is skipped with the reason, naming the field that would meet it.

export type Need =
  | 'billing'
  | 'approval'
  | 'assignees'
  | 'push-token'
  | 'read-token'
  | 'private-repo'
  | 'pull-request'
  | 'not-assignable';

/** Why the profile does not meet `need`, or undefined when it does. */
export function missingNeed(target: TargetProfile, need: Need): string | undefined {
  const a = target.assignees;
  switch (need) {
    case 'billing':
      return target.billing ? undefined : 'the target profile has no billing section';
    case 'approval':
      if (!target.billing) return 'the target profile has no billing section';
      return target.billing.approval.mode === 'none'
        ? 'approval mode is none: no approved subscription can be had'
        : undefined;
    case 'assignees':
      return a ? undefined : 'the target profile has no assignees section';
    case 'push-token':
      return a?.tokens.push ? undefined : 'the profile gives no token with push access (assignees.tokens.push)';
    case 'read-token':
      return a?.tokens.read ? undefined : 'the profile gives no read-only token (assignees.tokens.read)';
    case 'private-repo':
      return a?.privateRepo ? undefined : 'the profile names no private repository (assignees.privateRepo)';
    case 'pull-request':
      return a?.pullNumber !== undefined ? undefined : 'the profile names no pull request (assignees.pullNumber)';
    case 'not-assignable':
      return a?.notAssignable
        ? undefined
        : 'the profile names no user that cannot be assigned (assignees.notAssignable)';
  }
}
