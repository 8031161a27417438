import { createHash } from 'node:crypto';
import { pathParams } from '../contracts/operations.js';
import { broken, held, type Finding } from '../judging/finding.js';
import type { JudgedExchange, RawExchange } from './judge-exchange.js';
import { isObject } from '../contracts/json-value.js';

// What a sequence of assignee exchanges shows: an add by a caller with push access assigns the
// named users who can be assigned and never one who cannot; a remove by such a caller unassigns
// them; both return the issue the path names. Who can be assigned is learned from list assignees
// and the checks (a 404 means "cannot be assigned" only in a repository known to exist), and a
// caller is known to have push access once the traffic showed it change an issue's assignees.

function loginsOf(issue: unknown): string[] | undefined {
  if (!isObject(issue) || !Array.isArray(issue.assignees)) return undefined;
  return issue.assignees.flatMap((user) =>
    isObject(user) && typeof user.login === 'string' ? [user.login.toLowerCase()] : [],
  );
}

function namedIn(body: unknown): string[] {
  return isObject(body) && Array.isArray(body.assignees)
    ? body.assignees.filter((name): name is string => typeof name === 'string').map((name) => name.toLowerCase())
    : [];
}

type Params = Partial<Record<string, string>>;

export class AssigneesSequence {
  /** Per repository (owner lower case / repo): who can be assigned and who cannot. */
  private readonly assignable = new Map<string, Set<string>>();
  /** Per repository, or per issue (`repo#number`) when learned from the issue-level check. */
  private readonly notAssignable = new Map<string, Set<string>>();
  /** Issues (`repo#number`) the traffic showed to exist: a 2xx about them. */
  private readonly knownIssues = new Set<string>();
  /** Callers (a digest of their Authorization header) seen changing assignees: they have push access. */
  private readonly pushCallers = new Set<string>();
  /** The assignees of each issue as last returned. */
  private readonly issueAssignees = new Map<string, string[]>();

  judge(judged: JudgedExchange, raw: RawExchange): Finding[] {
    const operation = judged.operation;
    if (!operation || operation.api !== 'assignees' || judged.client.length > 0) return [];
    const params = pathParams(operation, raw.target) ?? {};
    if (operation.name === 'add assignees' || operation.name === 'remove assignees')
      return this.changed(operation.name, raw, judged, params);
    this.learnAssignable(operation.name, raw, judged, params);
    return [];
  }

  /** The repository of a request, or undefined when its path does not name one readably. */
  private repoOf(params: Params): string | undefined {
    return params.owner !== undefined && params.repo !== undefined
      ? `${params.owner.toLowerCase()}/${params.repo}`
      : undefined;
  }

  private setOf(map: Map<string, Set<string>>, repo: string): Set<string> {
    let set = map.get(repo);
    if (!set) map.set(repo, (set = new Set()));
    return set;
  }

  private learnAssignable(operation: string, raw: RawExchange, judged: JudgedExchange, params: Params): void {
    const repo = this.repoOf(params);
    if (repo === undefined) return;
    if (operation === 'list assignees' && raw.status === 200 && Array.isArray(judged.responseJson)) {
      for (const user of judged.responseJson)
        if (isObject(user) && typeof user.login === 'string')
          this.setOf(this.assignable, repo).add(user.login.toLowerCase());
      return;
    }
    if (params.assignee === undefined) return;
    const login = params.assignee.toLowerCase();
    if (operation === 'check assignee') {
      if (raw.status === 204) {
        this.setOf(this.assignable, repo).add(login);
        this.notAssignable.get(repo)?.delete(login);
      } else if (raw.status === 404 && this.assignable.has(repo)) this.setOf(this.notAssignable, repo).add(login);
      return;
    }
    if (operation !== 'check issue assignee' || params.issue_number === undefined) return;
    const issueKey = `${repo}#${params.issue_number}`;
    if (raw.status === 204) {
      // The issue exists, and the login can be assigned to it.
      this.knownIssues.add(issueKey);
      this.setOf(this.assignable, repo).add(login);
      this.notAssignable.get(issueKey)?.delete(login);
    } else if (raw.status === 404 && this.knownIssues.has(issueKey))
      this.setOf(this.notAssignable, issueKey).add(login);
  }

  private changed(
    operation: 'add assignees' | 'remove assignees',
    raw: RawExchange,
    judged: JudgedExchange,
    params: Params,
  ): Finding[] {
    const after = loginsOf(judged.responseJson);
    const repo = this.repoOf(params);
    const number = params.issue_number;
    if (
      raw.status !== (operation === 'add assignees' ? 201 : 200) ||
      after === undefined ||
      repo === undefined ||
      number === undefined
    )
      return [];
    const issueKey = `${repo}#${number}`;
    this.knownIssues.add(issueKey);
    const caller = raw.requestHeaders.authorization
      ? createHash('sha256').update(raw.requestHeaders.authorization).digest('hex').slice(0, 16)
      : 'anonymous';
    const named = namedIn(judged.requestJson);
    const before = this.issueAssignees.get(issueKey);
    const findings: Finding[] = [];
    const returnsIssue =
      operation === 'add assignees' ? 'assignees.add.returns-issue' : 'assignees.remove.returns-issue';
    if (isObject(judged.responseJson)) {
      const returned = String(judged.responseJson.number);
      findings.push(
        returned === number
          ? held(returnsIssue)
          : broken(
              returnsIssue,
              `${operation} on issue ${number} returned issue ${returned}`,
              `issue ${number}`,
              `issue ${returned}`,
            ),
      );
    }
    findings.push(
      ...(operation === 'add assignees'
        ? this.added(repo, issueKey, caller, named, after)
        : this.removed(caller, named, after)),
    );
    const changedAny =
      before !== undefined &&
      named.some((login) =>
        operation === 'add assignees'
          ? !before.includes(login) && after.includes(login)
          : before.includes(login) && !after.includes(login),
      );
    if (changedAny) this.pushCallers.add(caller);
    this.issueAssignees.set(issueKey, after);
    return findings;
  }

  private added(
    repo: string,
    issueKey: string,
    caller: string,
    named: readonly string[],
    after: readonly string[],
  ): Finding[] {
    const findings: Finding[] = [];
    const cannot = (login: string): boolean =>
      this.notAssignable.get(repo)?.has(login) === true || this.notAssignable.get(issueKey)?.has(login) === true;
    for (const login of named.filter(cannot)) {
      const rule = 'assignees.add.ignores-not-assignable';
      findings.push(
        after.includes(login)
          ? broken(
              rule,
              `add assignees assigned ${login}, who cannot be assigned (check answered 404)`,
              `${login} not assigned`,
              `assignees ${after.join(', ')}`,
            )
          : held(rule),
      );
    }
    if (!this.pushCallers.has(caller)) return findings;
    for (const login of named.filter((name) => this.assignable.get(repo)?.has(name))) {
      const rule = 'assignees.add.adds-named';
      findings.push(
        after.includes(login)
          ? held(rule)
          : broken(
              rule,
              `add assignees by a caller with push access left out ${login}, who can be assigned`,
              `${login} among the assignees`,
              `assignees ${after.join(', ') || '(none)'}`,
            ),
      );
    }
    return findings;
  }

  private removed(caller: string, named: readonly string[], after: readonly string[]): Finding[] {
    if (!this.pushCallers.has(caller)) return [];
    const rule = 'assignees.remove.removes-named';
    return named.map((login) =>
      !after.includes(login)
        ? held(rule)
        : broken(
            rule,
            `remove assignees by a caller with push access kept ${login}`,
            `${login} not among the assignees`,
            `assignees ${after.join(', ')}`,
          ),
    );
  }
}
