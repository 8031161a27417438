// Path parameters of the assignee operations (assignees.md, "Endpoints"): owner (case-insensitive),
// repo, issue_number (integer), assignee.
import fc from 'fast-check';
import { login } from '../faker.js';

export interface RepoPath {
  owner: string;
  repo: string;
}

export interface AssigneeCheckPath extends RepoPath {
  assignee: string;
}

export interface IssueAssigneeCheckPath extends AssigneeCheckPath {
  issue_number: number;
}

export interface AssigneePathOptions {
  owner: string;
  repo: string;
  /** Logins the target says can be assigned. */
  assignable: readonly string[];
  /** A login that cannot be assigned. */
  notAssignable?: string;
  /** Issue (or pull request) numbers of the target. */
  issueNumbers?: readonly number[];
}

/** `owner` in any letter case: the spec makes owner case-insensitive. */
export function ownerCasing(owner: string): fc.Arbitrary<string> {
  return fc
    .array(fc.boolean(), { minLength: owner.length, maxLength: owner.length })
    .map((flips) => [...owner].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
}

/** Which answer a check should give: 204 for an assignable login, 404 otherwise. */
export type Assignability = 'assignable' | 'not-assignable';

/** Paths of the repository check, with the answer they call for. */
export function assigneeCheckPath(
  opts: AssigneePathOptions,
): fc.Arbitrary<{ path: AssigneeCheckPath; expect: Assignability }> {
  const known = new Set(opts.assignable.map((a) => a.toLowerCase()));
  const others = [
    ...(opts.notAssignable ? [fc.constant(opts.notAssignable)] : []),
    login.filter((l) => !known.has(l.toLowerCase())),
  ];
  const pick = fc.oneof(
    ...(opts.assignable.length
      ? [fc.constantFrom(...opts.assignable).map((a) => ({ a, expect: 'assignable' as const }))]
      : []),
    fc.oneof(...others).map((a) => ({ a, expect: 'not-assignable' as const })),
  );
  return fc
    .tuple(ownerCasing(opts.owner), pick)
    .map(([owner, { a, expect }]) => ({ path: { owner, repo: opts.repo, assignee: a }, expect }));
}

/** Paths of the issue check (issue or pull request number from the options), with the expected answer. */
export function issueAssigneeCheckPath(
  opts: AssigneePathOptions,
): fc.Arbitrary<{ path: IssueAssigneeCheckPath; expect: Assignability }> {
  const numbers = opts.issueNumbers?.length ? opts.issueNumbers : [1];
  return fc
    .tuple(assigneeCheckPath(opts), fc.constantFrom(...numbers))
    .map(([{ path, expect }, issue_number]) => ({ path: { ...path, issue_number }, expect }));
}

/**
 * issue_number texts that are no integer ("path issue_number (integer, required)"), for the issue
 * `number` of the target: a fraction and the number with letters after it (both name that issue to
 * a server that reads the number as parseInt does), and a word. ("1.0" is left out: JSON reads it
 * as the integer 1.)
 */
export function issueNumbersNotInteger(number: number): string[] {
  return [`${number}.5`, `${number}abc`, 'abc'];
}
