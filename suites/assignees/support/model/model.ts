import type { CheckContext } from '../../../../harness/check.js';
import type { Caller, IssueRef } from '../api.js';
import { includesLogin } from '../logins.js';

// The model of one issue's assignees: only what the spec states. Push-access adds assign the
// named users who can be assigned and keep everyone else; removes unassign the named users;
// without push access nothing changes. A request naming a login that cannot be assigned may
// also be refused (no answer to it is stated), and then nothing changes either.

export interface AssigneesModel {
  /** Logins assigned now, as the spec says they must be. */
  assigned: string[];
  /** Logins that can be assigned (the profile's); every other login cannot. */
  readonly assignable: readonly string[];
}

/** The system under test: the check's context and the issue the commands act on. */
export interface RealIssue {
  readonly ctx: CheckContext;
  readonly issue: IssueRef;
}

export function canBeAssigned(model: AssigneesModel, login: string): boolean {
  return includesLogin(model.assignable, login);
}

/** Whether a request naming `logins` names someone who cannot be assigned (the server may refuse it). */
export function namesUnassignable(model: AssigneesModel, logins: readonly string[]): boolean {
  return logins.some((login) => !canBeAssigned(model, login));
}

export const CALLER_NAMES: Record<Caller, string> = {
  push: 'the push-access user',
  read: 'the read-only user',
  anonymous: 'an anonymous caller',
};
