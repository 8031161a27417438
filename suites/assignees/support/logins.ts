// Logins as a set: an issue's assignees read from its body, compared without letter case.

/** The logins of an Issue body's assignees (empty when there are none or the body is no Issue). */
export function loginsOf(issue: unknown): string[] {
  const assignees = (issue as { assignees?: unknown } | null | undefined)?.assignees;
  if (!Array.isArray(assignees)) return [];
  return assignees
    .map((user) => (user as { login?: unknown } | null)?.login)
    .filter((login): login is string => typeof login === 'string');
}

/** Logins compare without case, as account names do: a server may spell them its own way. */
export function key(login: string): string {
  return login.toLowerCase();
}

export function includesLogin(logins: readonly string[], login: string): boolean {
  return logins.some((l) => key(l) === key(login));
}

export function minus(a: readonly string[], b: readonly string[]): string[] {
  return a.filter((l) => !includesLogin(b, l));
}

export function sameLogins(a: readonly string[], b: readonly string[]): boolean {
  return minus(a, b).length === 0 && minus(b, a).length === 0;
}

export function showLogins(logins: readonly string[]): string {
  return logins.length === 0 ? '(none)' : [...logins].sort((x, y) => key(x).localeCompare(key(y))).join(', ');
}
