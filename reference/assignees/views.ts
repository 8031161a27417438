// The User and Issue objects of assignees.md, every member the spec lists.

import type { Behaviour } from '../behaviour.js';
import { FIXTURES } from '../fixtures.js';
import type { Json, JsonObject } from '../http/json.js';
import { atOffset } from '../time.js';
import type { AssigneesState, IssueRecord, LabelRecord, RepoRecord, UserRecord } from './model.js';

function nodeId(kind: string, id: number): string {
  return Buffer.from(`${kind}${id}`).toString('base64').replace(/=+$/, '');
}

export function renderUser(user: UserRecord, baseUrl: string, behaviour: Behaviour): JsonObject {
  const url = `${baseUrl}/users/${user.login}`;
  return {
    login: user.login,
    id: behaviour.rendered('user id', user.id),
    node_id: nodeId('U_', user.id),
    avatar_url: `${baseUrl}/avatars/u/${user.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${baseUrl}/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    site_admin: false,
    ...(behaviour.variant('extra-members') ? { user_view_type: 'public' } : {}),
  };
}

function renderLabel(label: LabelRecord, repoUrl: string): JsonObject {
  return {
    id: label.id,
    node_id: nodeId('LA_', label.id),
    url: `${repoUrl}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    description: label.description,
    color: label.color,
    default: label.default,
  };
}

/** The spec gives the four links no type: under a variant they are all null. */
function pullRequestLinks(url: string, htmlUrl: string, behaviour: Behaviour): Json {
  const links = behaviour.variant('pull-request-links-null')
    ? { url: null, html_url: null, diff_url: null, patch_url: null }
    : { url, html_url: htmlUrl, diff_url: `${htmlUrl}.diff`, patch_url: `${htmlUrl}.patch` };
  return behaviour.rendered('pull_request member', links, { url });
}

/** A timestamp as answers write it: UTC whole seconds, or under a variant at +02:00 with milliseconds. */
function shownTime(text: string, behaviour: Behaviour): string {
  return behaviour.variant('timestamps-offset-millis') ? atOffset(text, 120) : text;
}

export function userOf(state: AssigneesState, login: string): UserRecord {
  return state.users.get(login.toLowerCase()) ?? { login, id: 0, type: 'User' };
}

export function renderIssue(
  state: AssigneesState,
  repo: RepoRecord,
  issue: IssueRecord,
  baseUrl: string,
  behaviour: Behaviour,
): JsonObject {
  const repoUrl = `${baseUrl}/repos/${repo.owner}/${repo.name}`;
  const url = `${repoUrl}/issues/${issue.number}`;
  const htmlUrl = `${baseUrl}/${repo.owner}/${repo.name}/${issue.isPullRequest ? 'pull' : 'issues'}/${issue.number}`;
  const user = (login: string) => renderUser(userOf(state, login), baseUrl, behaviour);
  const time = (text: string) => shownTime(text, behaviour);
  const owner = user(FIXTURES.pushUser.login);
  const assignees = issue.assignees.map(user);
  const milestone: JsonObject | null = issue.milestone
    ? {
        url: `${repoUrl}/milestones/1`,
        html_url: `${baseUrl}/${repo.owner}/${repo.name}/milestone/1`,
        labels_url: `${repoUrl}/milestones/1/labels`,
        id: 1002604 + issue.id,
        node_id: nodeId('MI_', 1002604 + issue.id),
        number: 1,
        state: 'open',
        title: 'v1.0',
        description: 'Tracking milestone for version 1.0',
        creator: owner,
        open_issues: 4,
        closed_issues: 8,
        created_at: time(FIXTURES.seededAt),
        updated_at: time(FIXTURES.seededAt),
        closed_at: time('2026-02-01T00:00:00Z'),
        due_on: time('2026-03-01T00:00:00Z'),
      }
    : null;
  return behaviour.rendered(
    'issue',
    {
      id: issue.id,
      node_id: nodeId('I_', issue.id),
      url,
      repository_url: repoUrl,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: htmlUrl,
      number: issue.number,
      state: 'open',
      title: issue.title,
      body: issue.body,
      user: user(issue.author),
      pinned_comment: null,
      labels: issue.labels.map((label) => renderLabel(label, repoUrl)),
      assignees,
      ...(behaviour.variant('extra-members') ? { assignee: assignees[0] ?? null } : {}),
      milestone,
      locked: false,
      active_lock_reason: '',
      comments: issue.comments,
      ...(issue.isPullRequest
        ? { pull_request: pullRequestLinks(`${repoUrl}/pulls/${issue.number}`, htmlUrl, behaviour) }
        : {}),
      // The seeded issues were closed once and reopened: closed_at says when, closed_by who closed them.
      closed_at: time(FIXTURES.closedAt),
      created_at: time(issue.created_at),
      updated_at: time(issue.updated_at),
      closed_by: owner,
      author_association: 'MEMBER',
      state_reason: 'reopened',
    },
    { issue },
  );
}
