// Resources of the assignee API as a service returns them (assignees.md, "Resources and their
// fields"): User, Label, Milestone, Issue. Allowed values of state, type, author_association and
// the like are "not shown", so the values here are plausible samples, never a closed list.
import fc from 'fast-check';
import { at, atSomeItem, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { fakerArbitrary, login, sentence } from '../faker.js';

const API = 'https://api.example.test';
const WEB = 'https://example.test';

const timestamp: fc.Arbitrary<string> = fc
  .date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));

const nodeId: fc.Arbitrary<string> = fc
  .base64String({ minLength: 12, maxLength: 24 })
  .map((s) => s.replace(/=+$/, '') || 'MDQ6VXNlcjE');

/** Users as the list and the Issue carry them: every member the spec lists. */
export const user: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    login,
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    nodeId,
    fc.constantFrom('User', 'Bot', 'Organization'),
    fc.boolean(),
  )
  .map(([l, id, node, type, admin]) => ({
    login: l,
    id,
    node_id: node,
    avatar_url: `https://avatars.example.test/u/${id}?v=4`,
    gravatar_id: '',
    url: `${API}/users/${l}`,
    html_url: `${WEB}/${l}`,
    followers_url: `${API}/users/${l}/followers`,
    following_url: `${API}/users/${l}/following{/other_user}`,
    gists_url: `${API}/users/${l}/gists{/gist_id}`,
    starred_url: `${API}/users/${l}/starred{/owner}{/repo}`,
    subscriptions_url: `${API}/users/${l}/subscriptions`,
    organizations_url: `${API}/users/${l}/orgs`,
    repos_url: `${API}/users/${l}/repos`,
    events_url: `${API}/users/${l}/events{/privacy}`,
    received_events_url: `${API}/users/${l}/received_events`,
    type,
    site_admin: admin,
  }));

export const breakUser: ReadonlyArray<Breaker<Record<string, unknown>>> = [
  at(['id'], (id: number) =>
    fc.constant({
      value: String(id),
      rule: 'assignees.user.id.type',
      description: 'User id as a string (integer)',
      path: '',
    }),
  ),
  at(['site_admin'], replaceWith('assignees.user.site_admin.type', 'User site_admin "false" (boolean)', 'false')),
  at(['login'], missing('assignees.user.members', 'User login')),
];

/** Labels: id, node_id, url, name, description, color (six hex digits), default. */
export const label: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    nodeId,
    fc.constantFrom('bug', 'enhancement', 'documentation', 'good first issue', 'help wanted'),
    fc.option(sentence, { nil: null }),
    fc.integer({ min: 0, max: 0xffffff }),
    fc.boolean(),
  )
  .map(([id, node, name, description, color, dflt]) => ({
    id,
    node_id: node,
    url: `${API}/repos/octo-org/hello-world/labels/${encodeURIComponent(name)}`,
    name,
    description,
    color: color.toString(16).padStart(6, '0'),
    default: dflt,
  }));

/** Milestones, with a creator and optional closing and due dates. */
export const milestone: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: 1, max: 500 }),
    nodeId,
    fakerArbitrary((f) => `v${f.system.semver()}`),
    fc.option(sentence, { nil: null }),
    fc.constantFrom('open', 'closed'),
    fc.nat({ max: 200 }),
    fc.nat({ max: 200 }),
    user,
    timestamp,
    fc.option(timestamp, { nil: null }),
  )
  .map(([id, number, node, title, description, state, open, closed, creator, created, due]) => ({
    url: `${API}/repos/octo-org/hello-world/milestones/${number}`,
    html_url: `${WEB}/octo-org/hello-world/milestone/${number}`,
    labels_url: `${API}/repos/octo-org/hello-world/milestones/${number}/labels`,
    id,
    node_id: node,
    number,
    state,
    title,
    description,
    creator,
    open_issues: open,
    closed_issues: closed,
    created_at: created,
    updated_at: created,
    closed_at: state === 'closed' ? created : null,
    due_on: due,
  }));

/** Issues (and pull requests, which carry pull_request), as add and remove return them. */
export const issue: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: 1, max: 5000 }),
    nodeId,
    sentence,
    fc.option(sentence, { nil: null }),
    user,
    fc.array(label, { maxLength: 3 }),
    fc.array(user, { maxLength: 10 }),
    fc.option(milestone, { nil: null }),
    fc.boolean(),
    fc.nat({ max: 100 }),
    fc.boolean(),
    timestamp,
  )
  .map(([id, number, node, title, body, author, labels, assignees, ms, locked, comments, isPull, created]) => {
    const base = `${API}/repos/octo-org/hello-world/issues/${number}`;
    const out: Record<string, unknown> = {
      id,
      node_id: node,
      url: base,
      repository_url: `${API}/repos/octo-org/hello-world`,
      labels_url: `${base}/labels{/name}`,
      comments_url: `${base}/comments`,
      events_url: `${base}/events`,
      html_url: `${WEB}/octo-org/hello-world/${isPull ? 'pull' : 'issues'}/${number}`,
      number,
      state: 'open',
      title,
      body,
      user: author,
      labels,
      assignees,
      milestone: ms,
      locked,
      active_lock_reason: locked ? 'resolved' : null,
      comments,
      closed_at: null,
      created_at: created,
      updated_at: created,
      author_association: 'OWNER',
      state_reason: null,
    };
    if (isPull) {
      out.pull_request = {
        url: `${API}/repos/octo-org/hello-world/pulls/${number}`,
        html_url: `${WEB}/octo-org/hello-world/pull/${number}`,
        diff_url: `${WEB}/octo-org/hello-world/pull/${number}.diff`,
        patch_url: `${WEB}/octo-org/hello-world/pull/${number}.patch`,
      };
    }
    return out;
  });

export const breakIssue: ReadonlyArray<Breaker<Record<string, unknown>>> = [
  at(['number'], (n: number) =>
    fc.constant({
      value: `#${n}`,
      rule: 'assignees.issue.number.type',
      description: 'Issue number as a string (integer)',
      path: '',
    }),
  ),
  at(['locked'], replaceWith('assignees.issue.locked.type', 'Issue locked "no" (boolean)', 'no')),
  at(['title'], missing('assignees.issue.members', 'Issue title')),
  (i) =>
    (i.assignees as unknown[]).length
      ? atSomeItem(['assignees'], (u: Record<string, unknown>) =>
          fc.constant({
            value: u.login,
            rule: 'assignees.user.type',
            description: 'an assignee given as a login string, not a User',
            path: '',
          }),
        )(i)
      : login.map((l) => ({
          value: { ...i, assignees: [l] },
          rule: 'assignees.user.type',
          description: 'an assignee given as a login string, not a User',
          path: '/assignees/0',
        })),
];

export const userInvalid: fc.Arbitrary<Invalid> = invalidOf(user, breakUser);
export const issueInvalid: fc.Arbitrary<Invalid> = invalidOf(issue, breakIssue);
export const labelInvalid: fc.Arbitrary<Invalid> = invalidOf(label, [
  at(['color'], replaceWith('assignees.label.color.type', 'Label color as a number (string)', 0xff0000)),
]);
export const milestoneInvalid: fc.Arbitrary<Invalid> = invalidOf(milestone, [
  at(['open_issues'], replaceWith('assignees.milestone.open_issues.type', 'Milestone open_issues "3" (integer)', '3')),
]);
