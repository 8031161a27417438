// assignees.md: resources (User, Issue, Label, Milestone), the five operations, permissions,
// authentication, errors, limits. Allowed values of state, author_association, state_reason,
// active_lock_reason and type are not shown: no enum. Defaults of per_page and page are not
// shown: no rule.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, fieldRules, must, should, type FieldSpec, type JsonType } from './define.js';

interface Member {
  name: string;
  type: JsonType;
  required: boolean;
  nullable?: boolean;
}
const m = (name: string, type: JsonType, required = true, nullable = false): Member => ({ name, type, required, nullable });

const URL_MEMBERS = [
  'avatar_url', 'gravatar_id', 'url', 'html_url', 'followers_url', 'following_url', 'gists_url', 'starred_url',
  'subscriptions_url', 'organizations_url', 'repos_url', 'events_url', 'received_events_url',
];

export const USER_MEMBERS: readonly Member[] = [
  m('login', 'string'), m('id', 'integer'), m('node_id', 'string'),
  ...URL_MEMBERS.map((n) => m(n, 'string')),
  m('type', 'string'), m('site_admin', 'boolean'),
];

/** Issue members with a plain JSON type; user, closed_by, milestone and pinned_comment are handled apart. */
export const ISSUE_MEMBERS: readonly Member[] = [
  m('id', 'integer'), m('node_id', 'string'),
  ...['url', 'repository_url', 'labels_url', 'comments_url', 'events_url', 'html_url'].map((n) => m(n, 'string')),
  m('number', 'integer'), m('state', 'string'), m('title', 'string'), m('body', 'string', false, true),
  m('labels', 'array'), m('assignees', 'array'), m('locked', 'boolean'), m('active_lock_reason', 'string', false, true),
  m('comments', 'integer'), m('pull_request', 'object', false, true),
  m('closed_at', 'string', false, true), m('created_at', 'string'), m('updated_at', 'string'),
  m('author_association', 'string'), m('state_reason', 'string', false, true),
];
/** Members of Issue that are a User (or Milestone), and whether they are required. */
export const ISSUE_REF_MEMBERS = { user: true, closed_by: false, milestone: false } as const;

/**
 * "pull_request | object {url, html_url, diff_url, patch_url}": the members are named, their
 * types are not given (a server may send null), so only their presence is a rule. The former
 * rules assignees.issue.pull_request.<member>.type asserted strings; their ids are retired.
 */
export const PULL_REQUEST_LINKS = ['url', 'html_url', 'diff_url', 'patch_url'] as const;

export const LABEL_MEMBERS: readonly Member[] = [
  m('id', 'integer'), m('node_id', 'string'), m('url', 'string'), m('name', 'string'),
  m('description', 'string', false, true), m('color', 'string'), m('default', 'boolean'),
];

export const MILESTONE_MEMBERS: readonly Member[] = [
  ...['url', 'html_url', 'labels_url', 'node_id', 'title'].map((n) => m(n, 'string')),
  m('description', 'string', false, true),
  ...['id', 'number', 'open_issues', 'closed_issues'].map((n) => m(n, 'integer')),
  m('state', 'string'), m('created_at', 'string'), m('updated_at', 'string'),
  m('closed_at', 'string', false, true), m('due_on', 'string', false, true),
];
/** Milestone creator is a User; null is accepted as "no creator". */
export const MILESTONE_CREATOR_REQUIRED = false;

export function memberField(prefix: string, label: string, mem: Member): FieldSpec {
  return { id: `${prefix}.${mem.name}`, label: `${label} ${mem.name}`, type: mem.type, ...(mem.nullable ? { nullable: true } : {}) };
}

const memberRules = (a: ReturnType<typeof anchor>, prefix: string, label: string, members: readonly Member[]) =>
  fieldRules(a, members.map((mem) => memberField(prefix, label, mem)));

const required = (members: readonly Member[], extra: string[] = []) =>
  [...members.filter((x) => x.required).map((x) => x.name), ...extra].join(', ');

const USER = anchor('assignees.md', 'User', [S.user, S.issue, S.listAssigneesResponse]);
const ISSUE = anchor('assignees.md', 'Issue', [S.issue, S.label, S.milestone, S.addAssigneesResponse, S.removeAssigneesResponse]);
const ENDPOINTS = anchor('assignees.md', 'Endpoints');
const AUTH = anchor('assignees.md', 'Authentication');
const ERRORS = anchor('assignees.md', 'Errors');
const LIMITS = anchor('assignees.md', 'Limits');
const WHAT = anchor('assignees.md', 'What the service does');
const VERSIONING = anchor('assignees.md', 'Versioning');

export const ASSIGNEES_FIELDS = {
  query: { id: 'assignees.list.query', label: 'The list assignees query', type: 'object' },
  listQuery: [
    { id: 'assignees.list.per_page', label: 'List assignees per_page', type: 'integer' },
    { id: 'assignees.list.page', label: 'List assignees page', type: 'integer' },
  ],
  listResponse: { id: 'assignees.list.response', label: 'The list assignees body', type: 'array' },
  addBody: { id: 'assignees.add.body', label: 'The add assignees body', type: 'object' },
  addAssignees: { id: 'assignees.add.assignees', label: 'Add assignees assignees', type: 'array', itemType: 'string' },
  removeBody: { id: 'assignees.remove.body', label: 'The remove assignees body', type: 'object' },
  removeAssignees: { id: 'assignees.remove.assignees', label: 'Remove assignees assignees', type: 'array', itemType: 'string' },
} as const satisfies Record<string, FieldSpec | readonly FieldSpec[]>;

export const ASSIGNEES_RULES: readonly Rule[] = [
  // resources
  must(USER, 'assignees.user.type', 'schema', 'A User is an object'),
  must(USER, 'assignees.user.members', 'schema', `A User carries ${required(USER_MEMBERS)}`),
  ...memberRules(USER, 'assignees.user', 'User', USER_MEMBERS),
  must(ISSUE, 'assignees.issue.type', 'schema', 'An Issue is an object'),
  must(ISSUE, 'assignees.issue.members', 'schema', `An Issue carries ${required(ISSUE_MEMBERS, ['user'])}`),
  ...memberRules(ISSUE, 'assignees.issue', 'Issue', ISSUE_MEMBERS),
  must(ISSUE, 'assignees.issue.labels.items', 'schema', 'Every item of Issue labels is a Label'),
  must(ISSUE, 'assignees.issue.assignees.items', 'schema', 'Every item of Issue assignees is a User'),
  must(ISSUE, 'assignees.issue.pull_request.members', 'schema', `An Issue pull_request object carries ${PULL_REQUEST_LINKS.join(', ')} (of any type: the spec gives none)`),
  must(ISSUE, 'assignees.label.type', 'schema', 'A Label is an object', [S.label]),
  must(ISSUE, 'assignees.label.members', 'schema', `A Label carries ${required(LABEL_MEMBERS)}`, [S.label]),
  ...fieldRules(anchor('assignees.md', 'Issue', [S.label]), LABEL_MEMBERS.map((x) => memberField('assignees.label', 'Label', x))),
  must(ISSUE, 'assignees.milestone.type', 'schema', 'A Milestone is an object', [S.milestone]),
  must(ISSUE, 'assignees.milestone.members', 'schema', `A Milestone carries ${required(MILESTONE_MEMBERS)}`, [S.milestone]),
  ...fieldRules(anchor('assignees.md', 'Issue', [S.milestone]), MILESTONE_MEMBERS.map((x) => memberField('assignees.milestone', 'Milestone', x))),

  // list assignees
  must(ENDPOINTS, 'assignees.list.status-200', 'status-code', 'List assignees answers 200 on success'),
  ...fieldRules(ENDPOINTS, [ASSIGNEES_FIELDS.listResponse], [S.listAssigneesResponse]),
  ...fieldRules(ENDPOINTS, [ASSIGNEES_FIELDS.query, ...ASSIGNEES_FIELDS.listQuery], [S.listAssigneesQuery]),
  must(ENDPOINTS, 'assignees.list.unknown-repo-404', 'status-code', 'List assignees on a repository that does not exist answers 404'),
  must(LIMITS, 'assignees.list.per-page-max-100', 'limit', 'List assignees never returns more than 100 users in one page, whatever per_page asks', [S.listAssigneesQuery, S.listAssigneesResponse]),
  must(ENDPOINTS, 'assignees.list.per-page-honoured', 'pagination', 'List assignees returns at most per_page users'),
  must(ENDPOINTS, 'assignees.list.pages-disjoint', 'pagination', 'page selects a slice of the list: while the list does not change, different pages of list assignees never repeat a user'),
  must(WHAT, 'assignees.list.lists-assignable', 'permission', 'List assignees (over all pages) includes every user who can be assigned'),
  must(WHAT, 'assignees.list.only-assignable', 'permission', 'List assignees does not include a user who cannot be assigned'),

  // checks
  must(ENDPOINTS, 'assignees.check.status-204', 'status-code', 'Checking a user who can be assigned answers 204'),
  must(ENDPOINTS, 'assignees.check.not-assignable-404', 'status-code', 'Checking a user who cannot be assigned answers 404'),
  must(ENDPOINTS, 'assignees.check.no-content', 'http', 'The 204 of a check carries no body'),
  must(ENDPOINTS, 'assignees.check-issue.status-204', 'status-code', 'Checking a user who can be assigned to the issue answers 204'),
  must(ENDPOINTS, 'assignees.check-issue.not-assignable-404', 'status-code', 'Checking a user who cannot be assigned to the issue answers 404'),

  // add
  must(ENDPOINTS, 'assignees.add.status-201', 'status-code', 'Add assignees answers 201 on success'),
  must(ENDPOINTS, 'assignees.add.returns-issue', 'schema', 'Add assignees returns the Issue', [S.addAssigneesResponse]),
  ...fieldRules(ENDPOINTS, [ASSIGNEES_FIELDS.addBody, ASSIGNEES_FIELDS.addAssignees], [S.addAssigneesRequest]),
  must(ENDPOINTS, 'assignees.add.adds-named', 'permission', 'With push access, add assigns the named assignable users (the returned Issue lists them)'),
  must(ENDPOINTS, 'assignees.add.max-10', 'limit', 'Add takes up to 10 assignees per request: 10 are accepted, and a request naming more never assigns more than 10', [S.addAssigneesRequest]),
  must(ENDPOINTS, 'assignees.add.ignores-not-assignable', 'permission', 'Add never assigns a user who cannot be assigned (the name is ignored, or the request refused)'),
  must(ENDPOINTS, 'assignees.add.keeps-existing', 'permission', 'Add keeps the users already assigned: it does not replace them'),
  must(ENDPOINTS, 'assignees.add.no-push-ignored', 'permission', 'Without push access, add silently ignores the names: the assignees do not change'),
  // Rule 2 says "silently ignored (no error)", Authentication 4 that add and remove need write
  // permission: a credential without it may be refused. Both are stated, so the rule stays MUST,
  // scoped to what neither allows: an error that is not a permission refusal.
  must(ENDPOINTS, 'assignees.add.no-push-no-error', 'permission', 'Without push access, add answers with a success (the names silently ignored) or a permission refusal (401, 403, 404), never another error'),

  // remove
  must(ENDPOINTS, 'assignees.remove.status-200', 'status-code', 'Remove assignees answers 200 on success'),
  must(ENDPOINTS, 'assignees.remove.returns-issue', 'schema', 'Remove assignees returns the Issue', [S.removeAssigneesResponse]),
  ...fieldRules(ENDPOINTS, [ASSIGNEES_FIELDS.removeBody, ASSIGNEES_FIELDS.removeAssignees], [S.removeAssigneesRequest]),
  must(ENDPOINTS, 'assignees.remove.removes-named', 'permission', 'With push access, remove unassigns the named users (the returned Issue no longer lists them)'),
  must(ENDPOINTS, 'assignees.remove.no-push-ignored', 'permission', 'Without push access, remove silently ignores the names: the assignees do not change'),
  must(ENDPOINTS, 'assignees.remove.no-push-no-error', 'permission', 'Without push access, remove answers with a success (the names silently ignored) or a permission refusal (401, 403, 404), never another error'),

  // paths and headers
  must(ENDPOINTS, 'assignees.path.owner-case-insensitive', 'http', 'The owner path parameter is case-insensitive: another letter case names the same account'),
  must(ENDPOINTS, 'assignees.http.accept-header', 'http', 'Every operation accepts the accept header with the recommended vnd.service +json media type'),
  must(ENDPOINTS, 'assignees.http.json-bodies', 'http', 'Every response body the assignee service sends is JSON'),
  should(ENDPOINTS, 'assignees.http.coding-asked-for', 'http', 'A response body is sent without a content coding (gzip, deflate, br) unless the request asked for one'),
  must(WHAT, 'assignees.pull-request.issue-paths', 'http', "Assignee operations on a pull request work through the issues paths with the pull request's number"),
  // Versioning: "the sample request uses 2026-03-10. Supported version values ...: not shown."
  // A refusal of the sample's version conforms; only an answer that is no answer is a MUST.
  must(VERSIONING, 'assignees.http.api-version-answered', 'http', 'A request sending X-Service-Api-Version with a YYYY-MM-DD version is served or refused (4xx), never answered with a server error'),
  should(VERSIONING, 'assignees.http.api-version-header', 'http', 'A request sending X-Service-Api-Version 2026-03-10, the version of the sample request, is served'),

  // authentication and permissions
  must(AUTH, 'assignees.auth.bearer-accepted', 'auth', 'A request with Authorization: Bearer <token> is served with that token\'s access'),
  must(AUTH, 'assignees.auth.public-read-without-auth', 'auth', 'List assignees and both checks work without authentication on a public repository'),
  must(AUTH, 'assignees.auth.private-read-requires-permission', 'auth', 'Without credentials, list assignees and both checks do not reveal a private repository (no 2xx)'),
  should(ERRORS, 'assignees.auth.private-read-not-found', 'auth', 'Without credentials, list assignees and both checks on a private repository answer 404, the failure status the spec names for them'),
  must(AUTH, 'assignees.auth.read-permission-suffices', 'auth', 'With read permission, list assignees and both checks work on a private repository'),
  must(AUTH, 'assignees.auth.write-requires-permission', 'auth', 'Add and remove without write permission change no assignees'),

  // errors
  must(ERRORS, 'assignees.errors.not-found-404', 'status-code', 'A request naming a repository or issue that does not exist answers 404'),
  should(ERRORS, 'assignees.errors.no-5xx-on-bad-input', 'http', 'A malformed request never causes a 5xx'),
];
