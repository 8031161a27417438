// The assignee API: the caller and repository, listing, checks, add and remove, and the Issue and User objects.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import { ApiError, notAuthorized, notFound, unprocessable } from '../http/errors.js';
import { isObject, type Json } from '../http/json.js';
import { FIXTURES } from '../fixtures.js';
import { canPush } from '../assignees/access.js';
import type { IssueOperation } from '../assignees/access.js';
import { answered, skipsCheckOf, withoutMember, type FaultPlugin, type Plugs } from './plugin.js';

/** A caller without push access who names assignees is refused with 422 (an error that is not a permission refusal). */
const refusesChangeBy = (operation: 'add' | 'remove'): Plugs => ({
  'assignees change refused': (_, refused) => {
    if (refused.operation !== operation) return undefined;
    const { user, repo } = refused;
    throw unprocessable(
      '/assignees',
      'ASSIGNEES_NOT_CHANGED',
      `${user.login} cannot change the assignees of ${repo.owner}/${repo.name}.`,
    );
  },
});

/** A timestamp cut to its date (2026-01-05 for 2026-01-05T09:30:00Z): no time of day, so no timestamp. */
const dateOnly = (value: Json | undefined): Json => (typeof value === 'string' ? value.slice(0, 10) : (value ?? null));

/** Every Issue writes `member` as a date alone. */
const issueTimeAsDate = (member: 'closed_at' | 'created_at' | 'updated_at'): Plugs => ({
  issue: (rendered) => ({ ...rendered, [member]: dateOnly(rendered[member]) }),
});

/** Every Milestone an Issue carries writes `member` as a date alone. */
const milestoneTimeAsDate = (member: 'closed_at' | 'created_at' | 'updated_at' | 'due_on'): Plugs => ({
  issue: (rendered) =>
    isObject(rendered.milestone)
      ? { ...rendered, milestone: { ...rendered.milestone, [member]: dateOnly(rendered.milestone[member]) } }
      : rendered,
});

/** `operation` reads its path's issue_number as parseInt does: "1.5" and "1abc" name issue 1. */
const issueNumberParsedLeniently = (operation: IssueOperation): Plugs => ({
  'issue_number reading': (read, facts) => {
    if (facts.operation !== operation) return read;
    const number = Number.parseInt(facts.raw, 10);
    return () => (Number.isNaN(number) ? undefined : number);
  },
});

/** The 204 of a check announces two bytes of content (the length of a {} it does not send). */
const announcesContent = (operation: 'check assignee' | 'check issue assignee'): Plugs =>
  answered(operation, (reply) => ({ ...reply, headers: { ...reply.headers, 'content-length': '2' } }));

export const ASSIGNEE_FAULTS = [
  {
    name: 'issue-missing-node-id',
    rule: 'assignees.issue.members',
    description: 'Issue objects lack node_id.',
    at: { issue: ({ node_id: _nodeId, ...rest }) => rest },
  },
  {
    name: 'user-id-string',
    rule: 'assignees.user.id.type',
    description: 'User ids are JSON strings instead of integers.',
    at: { 'user id': (id) => String(id) },
  },
  {
    name: 'pull-request-diff-url-missing',
    rule: 'assignees.issue.pull_request.members',
    description: 'The pull_request member of a pull request lacks diff_url.',
    at: {
      'pull_request member': (links) =>
        isObject(links) ? Object.fromEntries(Object.entries(links).filter(([member]) => member !== 'diff_url')) : links,
    },
  },
  {
    name: 'pull-request-links-string',
    rule: 'assignees.issue.pull_request.type',
    description: 'The pull_request member of a pull request is its URL (a string) instead of an object.',
    at: { 'pull_request member': (_, { url }) => url },
  },
  {
    name: 'assignees-per-page-ignored',
    rule: 'assignees.list.per-page-honoured',
    description: 'List assignees ignores per_page and returns every assignable user.',
    at: { 'assignees per page': (_, { logins }) => logins.length },
  },
  {
    name: 'assignees-page-repeats-past-2',
    rule: 'assignees.list.pages-disjoint',
    description: 'From page 3 on, list assignees answers with the users of the previous page.',
    at: { 'assignees page start': (start, { page, perPage }) => (page > 2 ? Math.floor((page - 2) * perPage) : start) },
  },
  {
    name: 'read-token-private-hidden',
    rule: 'assignees.auth.read-permission-suffices',
    description: 'A user with read (not push) permission gets 404 on the private repository.',
    at: { 'repository visible': (visible, { repo, user }) => visible && !(repo.private && !canPush(repo, user)) },
  },
  {
    name: 'anonymous-public-list-401',
    rule: 'assignees.auth.public-read-without-auth',
    description: 'List assignees of a public repository without a token answers 401 (the checks still answer).',
    at: {
      'assignees lister': (user) => {
        if (user === undefined) throw notAuthorized('Listing assignees needs a token.');
        return user;
      },
    },
  },
  {
    name: 'read-only-can-add',
    rule: 'assignees.add.no-push-ignored',
    description: 'A user without push access can add assignees.',
    at: { 'assignees may change': (may, { user, operation }) => may || (user !== undefined && operation === 'add') },
  },
  {
    name: 'read-only-can-remove',
    rule: 'assignees.remove.no-push-ignored',
    description: 'A user without push access can remove assignees.',
    at: { 'assignees may change': (may, { user, operation }) => may || (user !== undefined && operation === 'remove') },
  },
  {
    name: 'anonymous-reads-private',
    rule: 'assignees.auth.private-read-requires-permission',
    description: 'Anonymous callers can list the assignees of the private repository.',
    at: { 'repository visible': () => true },
  },
  {
    name: 'add-replaces-existing',
    rule: 'assignees.add.keeps-existing',
    description: 'Adding assignees replaces the ones already assigned.',
    at: { 'assignees kept on add': () => [] },
  },
  {
    name: 'add-more-than-10',
    rule: 'assignees.add.max-10',
    description: 'An add of 11 assignees is accepted.',
    at: { 'logins to add max': () => undefined },
  },
  {
    name: 'add-non-assignable',
    rule: 'assignees.add.ignores-not-assignable',
    description: 'A login that cannot be assigned is added anyway.',
    at: { 'login assigned': (canonical, { login, users }) => canonical ?? users.get(login.toLowerCase())?.login },
  },
  {
    name: 'list-includes-not-assignable',
    rule: 'assignees.list.only-assignable',
    description: 'List assignees also lists the user who cannot be assigned.',
    at: { 'assignable users listed': (logins) => [...logins, FIXTURES.notAssignable] },
  },
  {
    name: 'remove-first-named-only',
    rule: 'assignees.remove.removes-named',
    description: 'Remove assignees unassigns only the first of the named users.',
    at: { 'logins removed': (logins) => logins.slice(0, 1) },
  },
  {
    name: 'check-not-assignable-204',
    rule: 'assignees.check.not-assignable-404',
    description: 'Check assignable answers 204 for a user that cannot be assigned.',
    at: { 'assignee assignable': () => true },
  },
  {
    name: 'check-issue-not-assignable-204',
    rule: 'assignees.check-issue.not-assignable-404',
    description:
      'Check assignable for an issue answers 204 for a user who cannot be assigned (the repository-wide ' +
      'check stays right).',
    at: { 'assignee assignable': (assignable, { onIssue }) => onIssue || assignable },
  },
  {
    name: 'owner-case-sensitive',
    rule: 'assignees.path.owner-case-insensitive',
    description: 'The owner path parameter is matched case-sensitively.',
    at: {
      'owner matches':
        (_, { owner }) =>
        (candidate) =>
          candidate === owner,
    },
  },
  {
    name: 'api-version-header-500',
    rule: 'assignees.http.api-version-answered',
    description:
      'A request sending X-Service-Api-Version with a date from 2026 on (the spec names 2026-03-10) is ' +
      'answered 500.',
    consequences: {
      'assignees.errors.no-5xx-on-bad-input': 'the deviation is a 500 answer, which is a server error as well',
    },
    at: {
      'assignees headers read': (_, { version }) => {
        if (version !== undefined && version >= '2026-01-01') {
          throw new ApiError(
            500,
            'INTERNAL_SERVER_ERROR',
            `X-Service-Api-Version ${version} could not be handled.`,
            'server',
          );
        }
        return undefined;
      },
    },
  },
  {
    name: 'accept-vnd-refused',
    rule: 'assignees.http.accept-header',
    description: 'An Accept header with the vnd.service+json media type is answered 406.',
    at: {
      'assignees headers read': (_, { accept }) => {
        if (accept !== undefined && /vnd\./i.test(accept)) {
          const detail = { field: 'Accept', issue: 'NOT_ACCEPTABLE', description: 'Only application/json is served.' };
          throw new ApiError(406, 'NOT_ACCEPTABLE', `The media type ${accept} is not served.`, 'media-type', [detail]);
        }
        return undefined;
      },
    },
  },
  {
    name: 'pull-request-assign-404',
    rule: 'assignees.pull-request.issue-paths',
    description: "Add and remove on a pull request's number through the issues paths answer 404.",
    at: {
      'issue whose assignees change':
        (find, { repo }) =>
        () => {
          const issue = find();
          if (issue.isPullRequest)
            throw notFound('issue_number', `No issue ${issue.number} in ${repo.owner}/${repo.name}.`);
          return issue;
        },
    },
  },
  {
    name: 'list-omits-last-assignable',
    rule: 'assignees.list.lists-assignable',
    description: 'List assignees leaves out the last user who can be assigned (on every page).',
    at: { 'assignable users listed': (logins) => logins.slice(0, -1) },
  },
  {
    name: 'add-ignores-last-named',
    rule: 'assignees.add.adds-named',
    description: 'Add assignees assigns the named users but the last one (when more than one is named).',
    at: { 'logins added': (logins) => (logins.length > 1 ? logins.slice(0, -1) : logins) },
  },
  {
    name: 'unknown-repo-list-empty',
    rule: 'assignees.list.unknown-repo-404',
    description: 'List assignees on a repository that does not exist answers 200 with an empty list.',
    at: {
      'answered instead': (answer, { operation, ctx }) => {
        const { owner, repo } = ctx.params;
        const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
        const known = ctx.state.assignees.repos.some((record) => same(record.owner, owner) && same(record.name, repo));
        return operation === 'list assignees' && !known ? { status: 200, body: [] } : answer;
      },
    },
  },
  {
    name: 'assignees-bearer-refused',
    rule: 'assignees.auth.bearer-accepted',
    description:
      'The assignee service takes a token only in the form "token <value>": Authorization: Bearer ' +
      '<token> is refused with 401.',
    at: { 'assignees credential forms': () => /^token\s+(\S+)\s*$/i },
  },
  {
    name: 'check-assignable-200',
    rule: 'assignees.check.status-204',
    description: 'Check if a user can be assigned answers 200 instead of 204.',
    at: {
      'success answer': (reply, { operation }) =>
        operation === 'check assignee' || operation === 'check issue assignee' ? { status: 200, body: {} } : reply,
    },
  },
  {
    name: 'add-assignees-200',
    rule: 'assignees.add.status-201',
    description: 'Add assignees answers 200 instead of 201.',
    at: answered('add assignees', (reply) => ({ ...reply, status: 200 })),
  },
  {
    name: 'remove-assignees-204',
    rule: 'assignees.remove.status-200',
    description: 'Remove assignees answers 204 without a body instead of 200 with the Issue.',
    consequences: {
      'assignees.remove.returns-issue': 'a 204 carries no body: the answer holds no Issue either',
    },
    at: answered('remove assignees', () => ({ status: 204 })),
  },
  {
    name: 'assignees-per-page-over-100-honoured',
    rule: 'assignees.list.per-page-max-100',
    description:
      'List assignees honours a per_page over 100, on a public repository with 120 more assignable ' +
      'users than the profile names.',
    at: { 'per_page over 100 refused': () => false, 'assignable users beyond the profile': () => 120 },
  },
  {
    name: 'assignees-per-page-text-all',
    rule: 'assignees.list.per_page.type',
    description:
      'List assignees with a per_page that is not a number (ten) lists every user on one page, on a ' +
      'public repository with 120 more assignable users than the profile names.',
    at: {
      'assignees paging reading': (read, { name, raw }) =>
        name === 'per_page' && !/^\d+$/.test(raw) ? () => Number.MAX_SAFE_INTEGER : read,
      'per_page over 100 refused': () => false,
      'assignable users beyond the profile': () => 120,
    },
  },
  {
    name: 'assignees-page-fraction-offset',
    rule: 'assignees.list.page.type',
    description: 'List assignees with page 1.5 serves the users that start half a page in.',
    at: {
      'assignees paging reading': (read, { name, raw }) =>
        name === 'page' && /^\d+\.\d+$/.test(raw) ? () => Number(raw) : read,
    },
  },
  {
    name: 'add-unknown-issue-422',
    rule: 'assignees.errors.not-found-404',
    description: 'Add and remove assignees on an issue number that does not exist answer 422 instead of 404.',
    at: {
      'issue whose assignees change':
        (find, { repo, number }) =>
        () => {
          if (!repo.issues.has(Number(number)))
            throw unprocessable('issue_number', 'ISSUE_INVALID', `Issue ${number} cannot take assignees.`);
          return find();
        },
    },
  },
  {
    name: 'read-only-add-422',
    rule: 'assignees.add.no-push-no-error',
    description:
      'An add by a user without push access is answered 422 (an error that is not a permission refusal) ' +
      'and changes nothing.',
    at: refusesChangeBy('add'),
  },
  {
    name: 'read-only-remove-422',
    rule: 'assignees.remove.no-push-no-error',
    description:
      'A remove by a user without push access is answered 422 (an error that is not a permission ' +
      'refusal) and changes nothing.',
    at: refusesChangeBy('remove'),
  },
  {
    name: 'anonymous-can-add',
    rule: 'assignees.auth.write-requires-permission',
    description: 'An add without any credential assigns the named users on the public repository.',
    at: { 'assignees may change': (may, { user, operation }) => may || (user === undefined && operation === 'add') },
  },
  {
    name: 'add-answers-issue-1',
    rule: 'assignees.add.returns-issue',
    description: 'Add assignees assigns on the issue the path names but answers with issue 1 of the repository.',
    at: { 'issue answered': (issue, { repo }) => repo.issues.get(1) ?? issue },
  },
  {
    name: 'remove-answer-no-pull-request',
    rule: 'assignees.remove.returns-issue',
    description: 'Remove assignees on a pull request answers its Issue without the pull_request member.',
    at: answered('remove assignees', (reply) => withoutMember(reply, 'pull_request')),
  },
  {
    name: 'issue-labels-as-names',
    rule: 'assignees.issue.labels.items',
    description: 'Issues carry their labels as an array of label names instead of Label objects.',
    consequences: {
      'assignees.label.type': 'a label name in place of a Label is an item of labels that is no Label object',
    },
    at: { issue: (rendered, { issue }) => ({ ...rendered, labels: issue.labels.map((label) => label.name) }) },
  },
  {
    name: 'issue-assignees-as-logins',
    rule: 'assignees.issue.assignees.items',
    description: 'Issues carry their assignees as an array of logins instead of User objects.',
    consequences: {
      'assignees.user.type': 'a login in place of a User is an item of assignees that is no User object',
    },
    at: { issue: (rendered, { issue }) => ({ ...rendered, assignees: [...issue.assignees] }) },
  },
  {
    name: 'non-ascii-login-500',
    rule: 'assignees.add.ignores-not-assignable',
    description: 'An add naming a login with characters beyond ASCII answers 500 (and assigns nothing).',
    consequences: {
      'assignees.errors.no-5xx-on-bad-input': 'the deviation is a 500 answer, which is a server error as well',
    },
    at: {
      'logins to add': (logins) => {
        if (logins.some((login) => /[^\x20-\x7e]/.test(login)))
          throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'A login could not be handled.', 'server');
        return logins;
      },
    },
  },
  {
    name: 'issue-closed-at-date-only',
    rule: 'assignees.issue.closed_at.pattern',
    description: 'Issues write closed_at as a date alone (2026-01-06), without its time of day.',
    at: issueTimeAsDate('closed_at'),
  },
  {
    name: 'issue-created-at-date-only',
    rule: 'assignees.issue.created_at.pattern',
    description: 'Issues write created_at as a date alone (2026-01-05), without its time of day.',
    at: issueTimeAsDate('created_at'),
  },
  {
    name: 'issue-updated-at-date-only',
    rule: 'assignees.issue.updated_at.pattern',
    description: 'Issues write updated_at as a date alone, without its time of day.',
    at: issueTimeAsDate('updated_at'),
  },
  {
    name: 'milestone-created-at-date-only',
    rule: 'assignees.milestone.created_at.pattern',
    description: 'Milestones write created_at as a date alone (2026-01-05), without its time of day.',
    at: milestoneTimeAsDate('created_at'),
  },
  {
    name: 'milestone-updated-at-date-only',
    rule: 'assignees.milestone.updated_at.pattern',
    description: 'Milestones write updated_at as a date alone (2026-01-05), without its time of day.',
    at: milestoneTimeAsDate('updated_at'),
  },
  {
    name: 'milestone-closed-at-date-only',
    rule: 'assignees.milestone.closed_at.pattern',
    description: 'Milestones write closed_at as a date alone (2026-02-01), without its time of day.',
    at: milestoneTimeAsDate('closed_at'),
  },
  {
    name: 'milestone-due-on-date-only',
    rule: 'assignees.milestone.due_on.pattern',
    description: 'Milestones write due_on as a date alone (2026-03-01), without its time of day.',
    at: milestoneTimeAsDate('due_on'),
  },
  {
    name: 'add-issue-number-parse-int',
    rule: 'assignees.add.issue_number.type',
    description: 'Add assignees reads issue_number as parseInt does: a path naming issue 1.5 or 1abc adds to issue 1.',
    at: issueNumberParsedLeniently('add'),
  },
  {
    name: 'remove-issue-number-parse-int',
    rule: 'assignees.remove.issue_number.type',
    description:
      'Remove assignees reads issue_number as parseInt does: a path naming issue 1.5 or 1abc removes from issue 1.',
    at: issueNumberParsedLeniently('remove'),
  },
  {
    name: 'check-issue-number-parse-int',
    rule: 'assignees.check-issue.issue_number.type',
    description:
      'Checking a user on an issue reads issue_number as parseInt does: a path naming issue 1.5 or 1abc answers ' +
      'for issue 1.',
    at: issueNumberParsedLeniently('check'),
  },
  {
    name: 'check-204-content-length',
    rule: 'assignees.check.no-content',
    description: 'Check if a user can be assigned answers 204 with Content-Length: 2, announcing content.',
    at: announcesContent('check assignee'),
  },
  {
    name: 'check-issue-204-content-length',
    rule: 'assignees.check-issue.no-content',
    description: 'Check if a user can be assigned to an issue answers 204 with Content-Length: 2, announcing content.',
    at: announcesContent('check issue assignee'),
  },
  {
    name: 'api-version-any-text-served',
    rule: 'assignees.http.api-version.pattern',
    description:
      'A request whose X-Service-Api-Version is not a YYYY-MM-DD date (latest, 2026-3-10) is served as if it ' +
      'carried none.',
    at: skipsCheckOf('assignees.http.api-version.pattern'),
  },
] as const satisfies readonly FaultPlugin[];
