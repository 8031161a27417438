// Users, repositories and issues of the repository-hosting API, in memory.

import { FIXTURES } from '../fixtures.js';

export interface UserRecord {
  login: string;
  id: number;
  type: 'User' | 'Organization';
  token?: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  description: string;
  color: string;
  default: boolean;
}

export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  body: string;
  author: string;
  labels: LabelRecord[];
  milestone: boolean;
  isPullRequest: boolean;
  /** Logins, in the order they were assigned. */
  assignees: string[];
  comments: number;
  created_at: string;
  updated_at: string;
}

export interface RepoRecord {
  owner: string;
  name: string;
  private: boolean;
  readers: Set<string>;
  pushers: Set<string>;
  /** Who can be assigned, in listing order. */
  assignable: string[];
  issues: Map<number, IssueRecord>;
}

export interface AssigneesState {
  users: Map<string, UserRecord>;
  repos: RepoRecord[];
}

function seedIssues(repoId: number): Map<number, IssueRecord> {
  const bug: LabelRecord = {
    id: 208045946 + repoId,
    name: 'bug',
    description: "Something isn't working",
    color: 'd73a4a',
    default: true,
  };
  const issues = new Map<number, IssueRecord>();
  issues.set(1, {
    id: 1001 + repoId * 10,
    number: 1,
    title: 'Found a bug',
    body: "I'm having a problem with this.",
    author: FIXTURES.pushUser.login,
    labels: [bug],
    milestone: true,
    isPullRequest: false,
    assignees: [],
    comments: 0,
    created_at: FIXTURES.seededAt,
    updated_at: FIXTURES.seededAt,
  });
  if (repoId === 1) {
    issues.set(2, {
      id: 1002 + repoId * 10,
      number: 2,
      title: 'Fix the bug',
      body: 'Fixes #1.',
      author: FIXTURES.pushUser.login,
      labels: [],
      milestone: false,
      isPullRequest: true,
      assignees: [],
      comments: 0,
      created_at: FIXTURES.seededAt,
      updated_at: FIXTURES.seededAt,
    });
  }
  return issues;
}

/** Assignable users of the public repository the profile does not name (variant per-page-cap-50). */
const unlistedAssignable = (count: number) =>
  Array.from({ length: count }, (_, i) => `member-${String(i + 1).padStart(3, '0')}`);

/** The seeded users, repositories and issues, with `unlisted` assignable users the profile does not name. */
export function createAssigneesState(unlisted: number): AssigneesState {
  const users = new Map<string, UserRecord>();
  let nextId = 583231;
  const addUser = (login: string, type: UserRecord['type'] = 'User', token?: string) =>
    users.set(login.toLowerCase(), { login, id: nextId++, type, ...(token ? { token } : {}) });
  addUser(FIXTURES.owner, 'Organization');
  addUser(FIXTURES.pushUser.login, 'User', FIXTURES.pushUser.token);
  addUser(FIXTURES.readUser.login, 'User', FIXTURES.readUser.token);
  for (const login of FIXTURES.assignable) addUser(login);
  addUser(FIXTURES.notAssignable);
  const assignable = [FIXTURES.pushUser.login, ...FIXTURES.assignable];
  const unlistedLogins = unlistedAssignable(unlisted);
  for (const login of unlistedLogins) addUser(login);
  const repo = (name: string, isPrivate: boolean, repoId: number, extra: readonly string[] = []): RepoRecord => ({
    owner: FIXTURES.owner,
    name,
    private: isPrivate,
    readers: new Set([FIXTURES.readUser.login, ...assignable]),
    pushers: new Set(assignable),
    assignable: [...extra, ...assignable],
    issues: seedIssues(repoId),
  });
  return { users, repos: [repo(FIXTURES.publicRepo, false, 1, unlistedLogins), repo(FIXTURES.privateRepo, true, 2)] };
}
