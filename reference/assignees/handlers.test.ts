// The assignee operations through HTTP: reads (anonymous on public, 404 on private), checks,
// add and remove with and without push access, limits, object shapes.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../fixtures.js';
import { startClient, type Client } from '../test-support/client.js';

let client: Client;
beforeAll(async () => {
  client = await startClient();
});
afterAll(async () => {
  await client.reference.close();
});

const REPO = '/repos/octo-org/hello-world';
const SECRET = '/repos/octo-org/secret';
const PUSH = FIXTURES.pushUser.token;
const READ = FIXTURES.readUser.token;

const USER_MEMBERS = [
  'login',
  'id',
  'node_id',
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
  'type',
  'site_admin',
];
const ISSUE_MEMBERS = [
  'id',
  'node_id',
  'url',
  'repository_url',
  'labels_url',
  'comments_url',
  'events_url',
  'html_url',
  'number',
  'state',
  'title',
  'body',
  'user',
  'pinned_comment',
  'labels',
  'assignees',
  'milestone',
  'locked',
  'active_lock_reason',
  'comments',
  'closed_at',
  'created_at',
  'updated_at',
  'closed_by',
  'author_association',
  'state_reason',
];

const logins = (issue: { assignees: Array<{ login: string }> }) => issue.assignees.map((user) => user.login);

async function reset(number = 1): Promise<void> {
  const all = [...FIXTURES.assignable, FIXTURES.pushUser.login];
  await client.delete(`${REPO}/issues/${number}/assignees`, { assignees: all }, { token: PUSH });
}

describe('list assignees', () => {
  it('lists the assignable users anonymously on the public repository, 30 per page by default', async () => {
    const answer = await client.get(`${REPO}/assignees`);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(15);
    expect(answer.body.map((user: { login: string }) => user.login)).toEqual(
      expect.arrayContaining([...FIXTURES.assignable]),
    );
    expect(answer.body.map((user: { login: string }) => user.login)).not.toContain(FIXTURES.notAssignable);
    expect(Object.keys(answer.body[0])).toEqual(USER_MEMBERS);
    expect(typeof answer.body[0].id).toBe('number');
  });

  it('pages with per_page and page without overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await client.get(`${REPO}/assignees?per_page=4&page=${page}`);
      expect(answer.body.length).toBeLessThanOrEqual(4);
      seen.push(...answer.body.map((user: { login: string }) => user.login));
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    expect((await client.get(`${REPO}/assignees?per_page=100&page=9`)).body).toEqual([]);
  });

  it.each([
    ['per_page=101', 422],
    ['per_page=0', 422],
    ['page=0', 422],
    ['per_page=ten', 400],
    ['per_page=-1', 400],
  ])('refuses %s', async (query, status) => {
    expect((await client.get(`${REPO}/assignees?${query}`)).status).toBe(status);
  });

  it('matches the owner in any letter case', async () => {
    expect((await client.get('/repos/OCTO-ORG/hello-world/assignees')).status).toBe(200);
    expect((await client.get('/repos/Octo-Org/hello-world/assignees/alice')).status).toBe(204);
  });

  it('hides the private repository from anonymous callers and from bad tokens, shows it to readers', async () => {
    expect((await client.get(`${SECRET}/assignees`)).status).toBe(404);
    expect((await client.get(`${SECRET}/assignees/alice`)).status).toBe(404);
    expect((await client.get(`${SECRET}/issues/1/assignees/alice`)).status).toBe(404);
    expect((await client.get(`${SECRET}/assignees`, { token: 'not-a-token' })).status).toBe(401);
    expect((await client.get(`${SECRET}/assignees`, { token: READ })).status).toBe(200);
    expect((await client.get(`${SECRET}/assignees/alice`, { token: READ })).status).toBe(204);
    expect((await client.get(`${SECRET}/issues/1/assignees/alice`, { token: PUSH })).status).toBe(204);
  });

  it('404s an unknown repository', async () => {
    expect((await client.get('/repos/octo-org/nothing/assignees')).status).toBe(404);
    expect((await client.get('/repos/nobody/hello-world/assignees')).status).toBe(404);
  });

  it('accepts the vendor media type and an API version header; refuses a malformed version', async () => {
    const headers = { accept: 'application/vnd.service+json', 'x-service-api-version': '2026-03-10' };
    expect((await client.get(`${REPO}/assignees`, { headers })).status).toBe(200);
    expect((await client.get(`${REPO}/assignees`, { headers: { 'x-service-api-version': 'latest' } })).status).toBe(
      400,
    );
  });
});

describe('check if a user can be assigned', () => {
  it('answers 204 without a body for an assignable user (any letter case), 404 otherwise', async () => {
    const answer = await client.get(`${REPO}/assignees/alice`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await client.get(`${REPO}/assignees/ALICE`)).status).toBe(204);
    expect((await client.get(`${REPO}/assignees/${FIXTURES.notAssignable}`)).status).toBe(404);
    expect((await client.get(`${REPO}/assignees/${FIXTURES.readUser.login}`)).status).toBe(404);
    expect((await client.get(`${REPO}/assignees/no-such-user`)).status).toBe(404);
  });

  it('checks per issue and per pull request; unknown issues are 404', async () => {
    expect((await client.get(`${REPO}/issues/1/assignees/bob`)).status).toBe(204);
    expect((await client.get(`${REPO}/issues/2/assignees/bob`)).status).toBe(204);
    expect((await client.get(`${REPO}/issues/1/assignees/${FIXTURES.notAssignable}`)).status).toBe(404);
    expect((await client.get(`${REPO}/issues/99/assignees/bob`)).status).toBe(404);
    expect((await client.get(`${REPO}/issues/abc/assignees/bob`)).status).toBe(404);
  });
});

describe('add and remove assignees', () => {
  beforeEach(async () => {
    await reset(1);
    await reset(2);
  });

  it('adds with push access (201, the full Issue), keeping those already assigned', async () => {
    const first = await client.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: PUSH });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(ISSUE_MEMBERS);
    expect(first.body.pull_request).toBeUndefined();
    expect(first.body.labels[0]).toMatchObject({ name: 'bug', default: true });
    expect(first.body.milestone).toMatchObject({ number: 1, creator: { login: FIXTURES.pushUser.login } });
    const second = await client.post(`${REPO}/issues/1/assignees`, { assignees: ['bob', 'ALICE'] }, { token: PUSH });
    expect(logins(second.body)).toEqual(['alice', 'bob']);
  });

  it('ignores logins that cannot be assigned', async () => {
    const answer = await client.post(
      `${REPO}/issues/1/assignees`,
      { assignees: ['carol', FIXTURES.notAssignable, 'ghost-user'] },
      { token: PUSH },
    );
    expect(answer.status).toBe(201);
    expect(logins(answer.body)).toEqual(['carol']);
  });

  it('takes 10 per request and refuses 11 without changing anything', async () => {
    const ten = FIXTURES.assignable.slice(0, 10);
    const eleven = FIXTURES.assignable.slice(0, 11);
    const refused = await client.post(`${REPO}/issues/1/assignees`, { assignees: eleven }, { token: PUSH });
    expect(refused.status).toBe(400);
    expect(logins((await client.post(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: PUSH })).body)).toEqual(
      [],
    );
    expect(logins((await client.post(`${REPO}/issues/1/assignees`, { assignees: ten }, { token: PUSH })).body)).toEqual(
      ten,
    );
  });

  it('silently changes nothing for callers without push access (read-only user, anonymous)', async () => {
    await client.post(`${REPO}/issues/1/assignees`, { assignees: ['dave'] }, { token: PUSH });
    for (const token of [READ, null]) {
      const added = await client.post(`${REPO}/issues/1/assignees`, { assignees: ['erin'] }, { token });
      expect(added.status).toBe(201);
      expect(logins(added.body)).toEqual(['dave']);
      const removed = await client.delete(`${REPO}/issues/1/assignees`, { assignees: ['dave'] }, { token });
      expect(removed.status).toBe(200);
      expect(logins(removed.body)).toEqual(['dave']);
    }
  });

  it('removes with push access (200, the Issue)', async () => {
    await client.post(`${REPO}/issues/1/assignees`, { assignees: ['frank', 'grace'] }, { token: PUSH });
    const answer = await client.delete(`${REPO}/issues/1/assignees`, { assignees: ['FRANK'] }, { token: PUSH });
    expect(answer.status).toBe(200);
    expect(logins(answer.body)).toEqual(['grace']);
  });

  it('works on a pull request through the issues path; it carries pull_request links', async () => {
    const answer = await client.post(`${REPO}/issues/2/assignees`, { assignees: ['heidi'] }, { token: PUSH });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.pull_request)).toEqual(['url', 'html_url', 'diff_url', 'patch_url']);
    expect(answer.body.milestone).toBeNull();
  });

  it.each([
    ['assignees as a string', { assignees: 'alice' }],
    ['a number among the logins', { assignees: ['alice', 7] }],
    ['a body that is an array', ['alice']],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await client.post(`${REPO}/issues/1/assignees`, body, { token: PUSH })).status).toBe(400);
  });

  it('404s unknown issues, the private repository for anonymous callers, and 415s a text body', async () => {
    expect((await client.post(`${REPO}/issues/9/assignees`, { assignees: ['alice'] }, { token: PUSH })).status).toBe(
      404,
    );
    expect((await client.post(`${SECRET}/issues/1/assignees`, { assignees: ['alice'] }, { token: null })).status).toBe(
      404,
    );
    expect(
      (
        await client.call('POST', `${REPO}/issues/1/assignees`, {
          raw: 'alice',
          headers: { 'content-type': 'text/plain' },
          token: PUSH,
        })
      ).status,
    ).toBe(415);
  });

  it('adds on the private repository with push access; the reader is ignored there', async () => {
    const added = await client.post(`${SECRET}/issues/1/assignees`, { assignees: ['ivan'] }, { token: PUSH });
    expect(logins(added.body)).toContain('ivan');
    const ignored = await client.delete(`${SECRET}/issues/1/assignees`, { assignees: ['ivan'] }, { token: READ });
    expect(logins(ignored.body)).toContain('ivan');
  });
});
