// assignees.md: resources (User, Issue, Label, Milestone), the five operations, permissions,
// authentication, errors, limits. Allowed values of state, author_association, state_reason,
// active_lock_reason and type are not shown: no enum. Defaults of per_page and page are not
// shown: no rule.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import {
  anchor,
  at,
  fieldRules,
  must,
  notObservable,
  onLine,
  should,
  withFacts,
  type Anchor,
  type FieldSpec,
  type JsonType,
} from './define.js';
import { TIMESTAMP_FORMS, TIMESTAMP_REGEX } from './timestamp.js';

interface Member {
  name: string;
  type: JsonType;
  required: boolean;
  nullable?: boolean;
  /** The spec calls it a timestamp: a string of the form timestamp.ts reads that word as. */
  timestamp?: boolean;
}
const m = (name: string, type: JsonType, required = true, nullable = false): Member => ({
  name,
  type,
  required,
  nullable,
});
/** "string (timestamp)", "(timestamps)": a string member with the timestamp form. */
const ts = (name: string, required = true, nullable = false): Member => ({
  ...m(name, 'string', required, nullable),
  timestamp: true,
});

const URL_MEMBERS = [
  'avatar_url',
  'gravatar_id',
  'url',
  'html_url',
  'followers_url',
  'following_url',
  'gists_url',
  'starred_url',
  'subscriptions_url',
  'organizations_url',
  'repos_url',
  'events_url',
  'received_events_url',
];

export const USER_MEMBERS: readonly Member[] = [
  m('login', 'string'),
  m('id', 'integer'),
  m('node_id', 'string'),
  ...URL_MEMBERS.map((n) => m(n, 'string')),
  m('type', 'string'),
  m('site_admin', 'boolean'),
];

/** Issue members with a plain JSON type; user, closed_by, milestone and pinned_comment are handled apart. */
export const ISSUE_MEMBERS: readonly Member[] = [
  m('id', 'integer'),
  m('node_id', 'string'),
  ...['url', 'repository_url', 'labels_url', 'comments_url', 'events_url', 'html_url'].map((n) => m(n, 'string')),
  m('number', 'integer'),
  m('state', 'string'),
  m('title', 'string'),
  m('body', 'string', false, true),
  m('labels', 'array'),
  m('assignees', 'array'),
  m('locked', 'boolean'),
  m('active_lock_reason', 'string', false, true),
  m('comments', 'integer'),
  m('pull_request', 'object', false, true),
  ts('closed_at', false, true),
  ts('created_at'),
  ts('updated_at'),
  m('author_association', 'string'),
  m('state_reason', 'string', false, true),
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
  m('id', 'integer'),
  m('node_id', 'string'),
  m('url', 'string'),
  m('name', 'string'),
  m('description', 'string', false, true),
  m('color', 'string'),
  m('default', 'boolean'),
];

export const MILESTONE_MEMBERS: readonly Member[] = [
  ...['url', 'html_url', 'labels_url', 'node_id', 'title'].map((n) => m(n, 'string')),
  m('description', 'string', false, true),
  ...['id', 'number', 'open_issues', 'closed_issues'].map((n) => m(n, 'integer')),
  m('state', 'string'),
  ts('created_at'),
  ts('updated_at'),
  ts('closed_at', false, true),
  ts('due_on', false, true),
];
/** Milestone creator is a User; null is accepted as "no creator". */
export const MILESTONE_CREATOR_REQUIRED = false;

/** The form of a timestamp member, and the forms its rule allows (timestamp.ts says why). */
const TIMESTAMP_FORM: Pick<FieldSpec, 'pattern' | 'facts'> = {
  pattern: { regex: TIMESTAMP_REGEX, says: 'is a timestamp (an ISO 8601 date and time of day)' },
  facts: { pattern: { allows: TIMESTAMP_FORMS } },
};

export function memberField(prefix: string, label: string, mem: Member): FieldSpec {
  return {
    id: `${prefix}.${mem.name}`,
    label: `${label} ${mem.name}`,
    type: mem.type,
    ...(mem.nullable ? { nullable: true } : {}),
    ...(mem.timestamp ? TIMESTAMP_FORM : {}),
  };
}

/** The rows of the Issue table, by member. */
const ISSUE_ROWS: Record<string, number> = {
  id: 22,
  node_id: 23,
  url: 24,
  repository_url: 24,
  labels_url: 24,
  comments_url: 24,
  events_url: 24,
  html_url: 24,
  number: 25,
  state: 26,
  title: 27,
  body: 28,
  user: 29,
  pinned_comment: 30,
  labels: 31,
  assignees: 32,
  milestone: 33,
  locked: 34,
  active_lock_reason: 35,
  comments: 36,
  pull_request: 37,
  closed_at: 38,
  created_at: 38,
  updated_at: 38,
  closed_by: 39,
  author_association: 40,
  state_reason: 41,
};

/** The rules of each member, anchored at the group's sentence or, for a table, at the member's row. */
const memberRules = (
  a: Anchor,
  prefix: string,
  label: string,
  members: readonly Member[],
  rows?: Record<string, number>,
) =>
  fieldRules(
    a,
    members.map((mem) => ({ ...memberField(prefix, label, mem), ...(rows ? { line: rows[mem.name] } : {}) })),
  );

const required = (members: readonly Member[], extra: string[] = []) =>
  [...members.filter((x) => x.required).map((x) => x.name), ...extra].join(', ');

const USER = anchor('assignees.md', 'User', [S.user, S.issue, S.listAssigneesResponse]);
const ISSUE = anchor('assignees.md', 'Issue', [
  S.issue,
  S.label,
  S.milestone,
  S.addAssigneesResponse,
  S.removeAssigneesResponse,
]);
const ENDPOINTS = anchor('assignees.md', 'Endpoints');
const AUTH = anchor('assignees.md', 'Authentication');
const ERRORS = anchor('assignees.md', 'Errors');
const LIMITS = anchor('assignees.md', 'Limits');
const WHAT = anchor('assignees.md', 'What the service does');
const VERSIONING = anchor('assignees.md', 'Versioning');
const TOP = anchor('assignees.md', 'Repository Issue Assignee Service');

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
  removeAssignees: {
    id: 'assignees.remove.assignees',
    label: 'Remove assignees assignees',
    type: 'array',
    itemType: 'string',
  },
} as const satisfies Record<string, FieldSpec | readonly FieldSpec[]>;

const ROW = (line: number, words: string, contracts?: readonly string[]) => at(ENDPOINTS, line, words, contracts);
const LIST = (words: string, contracts?: readonly string[]) => ROW(59, words, contracts);
const ADD_REMOVE = at(WHAT, 9, 'Adds assignees to an issue and removes assignees');
const PUSH_ONLY = (words: string) => at(ENDPOINTS, 67, words);
const READS = (words: string) => at(AUTH, 74, words);
const ISSUE_BODY = at(ENDPOINTS, 61, '201, Issue', ISSUE.contracts);
const LABEL = onLine(ISSUE, 43, 'Label:', [S.label]);
const MILESTONE = onLine(ISSUE, 45, 'Milestone:', [S.milestone]);
/** Rule 2 of Endpoints beside Authentication 4: a credential without write permission may be refused. */
const SUCCESS_OR_REFUSAL = {
  allows: ['a success, the names silently ignored', 'a permission refusal (401, 403, 404)'],
};

const RESOURCE_RULES: readonly Rule[] = [
  must(at(USER, 16, 'Fields: login'), 'assignees.user.type', 'schema', 'A User is an object'),
  must(at(USER, 16, 'Fields: login'), 'assignees.user.members', 'schema', `A User carries ${required(USER_MEMBERS)}`),
  ...memberRules(onLine(USER, 16), 'assignees.user', 'User', USER_MEMBERS),
  must(ISSUE_BODY, 'assignees.issue.type', 'schema', 'An Issue is an object'),
  must(ISSUE_BODY, 'assignees.issue.members', 'schema', `An Issue carries ${required(ISSUE_MEMBERS, ['user'])}`),
  ...memberRules(ISSUE, 'assignees.issue', 'Issue', ISSUE_MEMBERS, ISSUE_ROWS),
  withFacts(
    { noSchemaConstraint: 'items are a $ref to label.json, whose own rules (assignees.label.*) report a broken Label' },
    must(
      at(ISSUE, 31, 'array of Label'),
      'assignees.issue.labels.items',
      'schema',
      'Every item of Issue labels is a Label',
    ),
  ),
  withFacts(
    { noSchemaConstraint: 'items are a $ref to user.json, whose own rules (assignees.user.*) report a broken User' },
    must(
      at(ISSUE, 32, 'array of User'),
      'assignees.issue.assignees.items',
      'schema',
      'Every item of Issue assignees is a User',
    ),
  ),
  must(
    at(ISSUE, 37, '{url, html_url, diff_url, patch_url}'),
    'assignees.issue.pull_request.members',
    'schema',
    `An Issue pull_request object carries ${PULL_REQUEST_LINKS.join(', ')} (of any type: the spec gives none)`,
  ),
  must(at(LABEL, 43, 'Label:'), 'assignees.label.type', 'schema', 'A Label is an object'),
  must(at(LABEL, 43, 'Label:'), 'assignees.label.members', 'schema', `A Label carries ${required(LABEL_MEMBERS)}`),
  ...memberRules({ ...LABEL, words: undefined }, 'assignees.label', 'Label', LABEL_MEMBERS),
  must(at(MILESTONE, 45, 'Milestone:'), 'assignees.milestone.type', 'schema', 'A Milestone is an object'),
  must(
    at(MILESTONE, 45, 'Milestone:'),
    'assignees.milestone.members',
    'schema',
    `A Milestone carries ${required(MILESTONE_MEMBERS)}`,
  ),
  ...memberRules({ ...MILESTONE, words: undefined }, 'assignees.milestone', 'Milestone', MILESTONE_MEMBERS),
];

const LIST_RULES: readonly Rule[] = [
  must(LIST('200, array of User'), 'assignees.list.status-200', 'status-code', 'List assignees answers 200 on success'),
  ...fieldRules(onLine(ENDPOINTS, 59, 'array of User'), [ASSIGNEES_FIELDS.listResponse], [S.listAssigneesResponse]),
  ...notObservable(
    'a query string (or a header set) is always a set of name=value pairs: no request can carry one that is not an ' +
      'object',
    fieldRules(onLine(ENDPOINTS, 59, 'query per_page'), [ASSIGNEES_FIELDS.query], [S.listAssigneesQuery]),
  ),
  ...fieldRules(onLine(ENDPOINTS, 59), ASSIGNEES_FIELDS.listQuery, [S.listAssigneesQuery]),
  must(
    LIST('404 resource not found'),
    'assignees.list.unknown-repo-404',
    'status-code',
    'List assignees on a repository that does not exist answers 404',
  ),
  withFacts(
    { allows: ['refusing a per_page over 100', 'clamping it to 100'] },
    must(
      at(LIMITS, 97, 'max 100', [S.listAssigneesQuery, S.listAssigneesResponse]),
      'assignees.list.per-page-max-100',
      'limit',
      'List assignees never returns more than 100 users in one page, whatever per_page asks',
    ),
  ),
  must(
    LIST('per_page (integer, max 100)'),
    'assignees.list.per-page-honoured',
    'pagination',
    'List assignees returns at most per_page users',
  ),
  must(
    LIST('page (integer)'),
    'assignees.list.pages-disjoint',
    'pagination',
    'page selects a slice of the list: while the list does not change, different pages of list assignees never ' +
      'repeat a user',
  ),
  must(
    at(WHAT, 7, 'Lists the users who can be assigned'),
    'assignees.list.lists-assignable',
    'permission',
    'List assignees (over all pages) includes every user who can be assigned',
  ),
  must(
    at(WHAT, 7, 'Lists the users who can be assigned'),
    'assignees.list.only-assignable',
    'permission',
    'List assignees does not include a user who cannot be assigned',
  ),
];

/**
 * "204, no content": a 204 ends with its header section (RFC 9110, 204 No Content), so no client
 * ever receives a body with it. What it can see is what that section announces: a Content-Length
 * above 0 claims content the answer says it has none of.
 */
const NO_CONTENT_ANNOUNCED = { allows: ['no Content-Length header', 'Content-Length: 0'] };

/**
 * "path issue_number (integer, required)" on add, the same path parameter on remove and on the
 * issue check: a path whose issue_number is no integer ("1.5", "1abc") names no issue. Refused
 * with any 4xx (the spec names no code; 404, not found, is one), and nothing changes.
 */
const ISSUE_NUMBER_REFUSED = {
  allows: ['any 4xx refusal, 404 (no such issue) included'],
  noSchemaConstraint: 'a path parameter: no contract describes a path, the check sends paths with such numbers',
};

const CHECK_RULES: readonly Rule[] = [
  must(
    ROW(60, '204, no content'),
    'assignees.check.status-204',
    'status-code',
    'Checking a user who can be assigned answers 204',
  ),
  must(
    ROW(60, '404 otherwise'),
    'assignees.check.not-assignable-404',
    'status-code',
    'Checking a user who cannot be assigned answers 404',
  ),
  withFacts(
    NO_CONTENT_ANNOUNCED,
    must(
      ROW(60, '204, no content'),
      'assignees.check.no-content',
      'http',
      'The 204 of a check announces no content: it carries no Content-Length above 0',
    ),
  ),
  must(
    ROW(63, '204, no content'),
    'assignees.check-issue.status-204',
    'status-code',
    'Checking a user who can be assigned to the issue answers 204',
  ),
  must(
    ROW(63, '404 otherwise'),
    'assignees.check-issue.not-assignable-404',
    'status-code',
    'Checking a user who cannot be assigned to the issue answers 404',
  ),
  withFacts(
    NO_CONTENT_ANNOUNCED,
    must(
      ROW(63, '204, no content'),
      'assignees.check-issue.no-content',
      'http',
      'The 204 of a check on an issue announces no content: it carries no Content-Length above 0',
    ),
  ),
  withFacts(
    ISSUE_NUMBER_REFUSED,
    must(
      ROW(63, 'path issue_number, assignee'),
      'assignees.check-issue.issue_number.type',
      'schema',
      'Checking a user on an issue refuses a path whose issue_number is not an integer (a 4xx)',
    ),
  ),
];

const ISSUE_RETURNED = 'the response contract is a $ref to issue.json, whose rules report any shape error';

const ADD_REMOVE_RULES: readonly Rule[] = [
  must(ROW(61, '201, Issue'), 'assignees.add.status-201', 'status-code', 'Add assignees answers 201 on success'),
  withFacts(
    { noSchemaConstraint: ISSUE_RETURNED },
    must(
      ROW(61, '201, Issue', [S.addAssigneesResponse]),
      'assignees.add.returns-issue',
      'schema',
      'Add assignees returns the Issue',
    ),
  ),
  ...fieldRules(
    onLine(ENDPOINTS, 61),
    [ASSIGNEES_FIELDS.addBody, ASSIGNEES_FIELDS.addAssignees],
    [S.addAssigneesRequest],
  ),
  withFacts(
    ISSUE_NUMBER_REFUSED,
    must(
      ROW(61, 'issue_number (integer, required)'),
      'assignees.add.issue_number.type',
      'schema',
      'Add assignees refuses a path whose issue_number is not an integer (a 4xx) and assigns nobody',
    ),
  ),
  must(
    ADD_REMOVE,
    'assignees.add.adds-named',
    'permission',
    'With push access, add assigns the named assignable users (the returned Issue lists them)',
  ),
  withFacts(
    { allows: ['refusing a request naming more than 10', 'taking it and assigning at most 10'] },
    must(
      at(ENDPOINTS, 66, 'up to 10 assignees per request', [S.addAssigneesRequest]),
      'assignees.add.max-10',
      'limit',
      'Add takes up to 10 assignees per request: 10 are accepted, and a request naming more never assigns more than 10',
    ),
  ),
  withFacts(
    { allows: ['ignoring the name', 'refusing the request'] },
    must(
      ADD_REMOVE,
      'assignees.add.ignores-not-assignable',
      'permission',
      'Add never assigns a user who cannot be assigned (the name is ignored, or the request refused)',
    ),
  ),
  must(
    at(ENDPOINTS, 66, 'users already assigned are not replaced'),
    'assignees.add.keeps-existing',
    'permission',
    'Add keeps the users already assigned: it does not replace them',
  ),
  must(
    PUSH_ONLY('otherwise the names are silently ignored'),
    'assignees.add.no-push-ignored',
    'permission',
    'Without push access, add silently ignores the names: the assignees do not change',
  ),
  // Rule 2 says "silently ignored (no error)", Authentication 4 that add and remove need write
  // permission: a credential without it may be refused. Both are stated, so the rule stays MUST,
  // scoped to what neither allows: an error that is not a permission refusal.
  withFacts(
    SUCCESS_OR_REFUSAL,
    must(
      PUSH_ONLY('(no error)'),
      'assignees.add.no-push-no-error',
      'permission',
      'Without push access, add answers with a success (the names silently ignored) or a permission refusal (401, ' +
        '403, 404), never another error',
    ),
  ),
  must(ROW(62, '200, Issue'), 'assignees.remove.status-200', 'status-code', 'Remove assignees answers 200 on success'),
  withFacts(
    { noSchemaConstraint: ISSUE_RETURNED },
    must(
      ROW(62, '200, Issue', [S.removeAssigneesResponse]),
      'assignees.remove.returns-issue',
      'schema',
      'Remove assignees returns the Issue',
    ),
  ),
  ...fieldRules(
    onLine(ENDPOINTS, 62),
    [ASSIGNEES_FIELDS.removeBody, ASSIGNEES_FIELDS.removeAssignees],
    [S.removeAssigneesRequest],
  ),
  withFacts(
    ISSUE_NUMBER_REFUSED,
    must(
      ROW(62, 'path issue_number'),
      'assignees.remove.issue_number.type',
      'schema',
      'Remove assignees refuses a path whose issue_number is not an integer (a 4xx) and unassigns nobody',
    ),
  ),
  must(
    ADD_REMOVE,
    'assignees.remove.removes-named',
    'permission',
    'With push access, remove unassigns the named users (the returned Issue no longer lists them)',
  ),
  must(
    PUSH_ONLY('otherwise the names are silently ignored'),
    'assignees.remove.no-push-ignored',
    'permission',
    'Without push access, remove silently ignores the names: the assignees do not change',
  ),
  withFacts(
    SUCCESS_OR_REFUSAL,
    must(
      PUSH_ONLY('(no error)'),
      'assignees.remove.no-push-no-error',
      'permission',
      'Without push access, remove answers with a success (the names silently ignored) or a permission refusal (401, ' +
        '403, 404), never another error',
    ),
  ),
];

const HTTP_RULES: readonly Rule[] = [
  must(
    at(ENDPOINTS, 55, 'case-insensitive'),
    'assignees.path.owner-case-insensitive',
    'http',
    'The owner path parameter is case-insensitive: another letter case names the same account',
  ),
  must(
    at(ENDPOINTS, 55, 'accept the header accept'),
    'assignees.http.accept-header',
    'http',
    'Every operation accepts the accept header with the recommended vnd.service +json media type',
  ),
  must(
    at(TOP, 3, 'Bodies are JSON'),
    'assignees.http.json-bodies',
    'http',
    'Every response body the assignee service sends is JSON',
  ),
  should(
    at(TOP, 3, 'Bodies are JSON'),
    'assignees.http.coding-asked-for',
    'http',
    'A response body is sent without a content coding (gzip, deflate, br) unless the request asked for one',
  ),
  must(
    at(WHAT, 10, 'Every pull request is an issue'),
    'assignees.pull-request.issue-paths',
    'http',
    "Assignee operations on a pull request work through the issues paths with the pull request's number",
  ),
  // Versioning: "the sample request uses 2026-03-10. Supported version values ...: not shown."
  // A refusal of the sample's version conforms; only an answer that is no answer is a MUST.
  withFacts(
    { allows: ['serving the request', 'refusing it with a 4xx'] },
    must(
      at(VERSIONING, 104, 'date-formatted version'),
      'assignees.http.api-version-answered',
      'http',
      'A request sending X-Service-Api-Version with a YYYY-MM-DD version is served or refused (4xx), never answered ' +
        'with a server error',
    ),
  ),
  // The header's value has a stated form: a request that breaks it is refused, as any request
  // member that breaks its stated pattern (which dates are supported is not shown: only the form).
  withFacts(
    { allows: ['any 4xx refusal'] },
    must(
      at(VERSIONING, 104, 'date-formatted version (YYYY-MM-DD)'),
      'assignees.http.api-version.pattern',
      'http',
      'A request whose X-Service-Api-Version is not a YYYY-MM-DD date is refused (a 4xx)',
    ),
  ),
  should(
    at(VERSIONING, 104, 'the sample request uses 2026-03-10'),
    'assignees.http.api-version-header',
    'http',
    'A request sending X-Service-Api-Version 2026-03-10, the version of the sample request, is served',
  ),
];

const AUTH_RULES: readonly Rule[] = [
  must(
    at(AUTH, 72, 'Bearer'),
    'assignees.auth.bearer-accepted',
    'auth',
    "A request with Authorization: Bearer <token> is served with that token's access",
  ),
  must(
    READS('work without authentication'),
    'assignees.auth.public-read-without-auth',
    'auth',
    'List assignees and both checks work without authentication on a public repository',
  ),
  withFacts(
    { allows: ['any refusal: 401, 403 or 404'] },
    must(
      READS('need at least one of'),
      'assignees.auth.private-read-requires-permission',
      'auth',
      'Without credentials, list assignees and both checks do not reveal a private repository (no 2xx)',
    ),
  ),
  should(
    at(ERRORS, 89, 'resource not found'),
    'assignees.auth.private-read-not-found',
    'auth',
    'Without credentials, list assignees and both checks on a private repository answer 404, the failure status the ' +
      'spec names for them',
  ),
  must(
    READS('Issues repository permission (read)'),
    'assignees.auth.read-permission-suffices',
    'auth',
    'With read permission, list assignees and both checks work on a private repository',
  ),
  must(
    at(AUTH, 75, 'Add and remove need'),
    'assignees.auth.write-requires-permission',
    'auth',
    'Add and remove without write permission change no assignees',
  ),
];

export const ASSIGNEES_RULES: readonly Rule[] = [
  ...RESOURCE_RULES,
  ...LIST_RULES,
  ...CHECK_RULES,
  ...ADD_REMOVE_RULES,
  ...HTTP_RULES,
  ...AUTH_RULES,
  must(
    at(ERRORS, 89, 'resource not found'),
    'assignees.errors.not-found-404',
    'status-code',
    'A request naming a repository or issue that does not exist answers 404',
  ),
  should(
    at(ERRORS, 89, 'resource not found'),
    'assignees.errors.no-5xx-on-bad-input',
    'http',
    'A malformed request never causes a 5xx',
  ),
];
