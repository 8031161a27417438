import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { addAssignees, type IssueRef } from './api.js';
import { claimIssue, readAssignees, setAssignees } from './issue-state.js';
import { key } from './logins.js';

// Setting an issue's assignees sends no request that what the check has seen already answers:
// the claim's read serves the first change, a change whose answer shows the wanted assignees is
// not read back, and any other add or remove makes the next change read first.

const ISSUE: IssueRef = { owner: 'Octo', repo: 'hello', number: 1, label: 'issue #1' };

interface Issue {
  assignees: string[];
}

/**
 * A check's context against one issue. `answers` may bend what an add or remove answers
 * (the Issue it returns) without touching what is stored.
 */
type Answer = (body: { number: number; assignees: Array<{ login: string }> }, method: string) => unknown;

function fakeCheck(issue: Issue, answers: Answer = (body) => body) {
  const sent: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const ctx = {
    assignees: { tokens: { push: 'push-token' } },
    send: async ({ method, json }: { method: string; json: { assignees: string[] } }) => {
      const named = json.assignees;
      sent.push(`${method} ${named.join(',')}`);
      const has = (login: string) => issue.assignees.some((l) => key(l) === key(login));
      if (method === 'POST') issue.assignees = [...issue.assignees, ...named.filter((login) => !has(login))];
      else issue.assignees = issue.assignees.filter((l) => !named.some((login) => key(login) === key(l)));
      const body = answers({ number: ISSUE.number, assignees: issue.assignees.map((login) => ({ login })) }, method);
      return {
        status: method === 'POST' ? 201 : 200,
        text: JSON.stringify(body),
        json: body,
        headers: {},
        exchange: {},
      } as unknown as Reply;
    },
    expectJson: (reply: Reply) => reply.json,
    expectContract: () => undefined,
    credit: () => undefined,
    fail: (details: { message: string }) => {
      throw new Error(details.message);
    },
    observe: () => undefined,
    exclusive: async () => undefined,
    defer: (cleanup: () => Promise<void>) => void cleanups.push(cleanup),
  } as unknown as CheckContext;
  const end = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  return { ctx, sent, end };
}

describe('claimIssue and setAssignees', () => {
  it('read the issue once, then change it and restore it without reading it again', async () => {
    const issue = { assignees: ['ann'] };
    const { ctx, sent, end } = fakeCheck(issue);
    expect(await claimIssue(ctx, ISSUE)).toEqual(['ann']);
    await setAssignees(ctx, ISSUE, ['bob', 'cy']);
    expect(issue.assignees).toEqual(['bob', 'cy']);
    await end();
    expect(issue.assignees).toEqual(['ann']);
    expect(sent).toEqual(['DELETE ', 'DELETE ann', 'POST bob,cy', 'DELETE bob,cy', 'POST ann']);
  });

  it('send nothing when the issue already has the wanted assignees', async () => {
    const { ctx, sent, end } = fakeCheck({ assignees: [] });
    await claimIssue(ctx, ISSUE);
    await setAssignees(ctx, ISSUE, []);
    await end();
    expect(sent).toEqual(['DELETE ']);
  });

  it('read first after an add or remove of the check itself, and restore from that read', async () => {
    const issue = { assignees: [] as string[] };
    const { ctx, sent, end } = fakeCheck(issue);
    await claimIssue(ctx, ISSUE);
    await addAssignees(ctx, ISSUE, ['dee'], 'push');
    await setAssignees(ctx, ISSUE, ['eve']);
    await addAssignees(ctx, ISSUE, ['fay'], 'push');
    expect((await readAssignees(ctx, ISSUE)).logins).toEqual(['eve', 'fay']);
    await end();
    expect(issue.assignees).toEqual([]);
    expect(sent).toEqual([
      'DELETE ',
      'POST dee',
      'DELETE ',
      'DELETE dee',
      'POST eve',
      'POST fay',
      'DELETE ',
      'DELETE eve,fay',
    ]);
  });

  it('read back when the change answers without the wanted assignees, and try one login a request', async () => {
    const issue = { assignees: [] as string[] };
    // every answer hides the assignees: the change is made, but no answer shows it
    const { ctx, sent } = fakeCheck(issue, (body) => ({ ...body, assignees: [] }));
    await expect(setAssignees(ctx, ISSUE, ['gus'])).rejects.toThrow(/could not set the assignees of issue #1 to gus/);
    expect(sent).toEqual(['DELETE ', 'POST gus', 'DELETE ', 'POST gus', 'DELETE ']);
    expect(issue.assignees).toEqual(['gus']);
  });

  it('read back when the change answers about another issue', async () => {
    const issue = { assignees: [] as string[] };
    const { ctx, sent } = fakeCheck(issue, (body, method) => (method === 'POST' ? { ...body, number: 7 } : body));
    await setAssignees(ctx, ISSUE, ['gus']);
    expect(sent).toEqual(['DELETE ', 'POST gus', 'DELETE ']);
  });
});
