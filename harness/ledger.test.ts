import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reply } from './exchange.js';
import { readLedger, RunLedger, startLedger, type LedgerEntry } from './ledger.js';
import type { TargetProfile } from '../contracts/target-profile.js';

const target: TargetProfile = {
  baseUrl: 'http://127.0.0.1:9',
  billing: { token: 'billing-secret', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } },
  assignees: {
    owner: 'octo',
    repo: 'hello',
    issueNumber: 1,
    tokens: { push: 'push-secret', read: 'read-secret' },
    assignable: ['alice', 'bob'],
  },
};

function reply(status: number, json: unknown): Reply {
  return {
    status,
    json,
    text: JSON.stringify(json),
    headers: {},
    exchange: { request: { method: 'GET', url: '', headers: {} }, durationMs: 1 },
  };
}

function freshLedger(check = 'a check'): { file: string; ledger: RunLedger; lines: () => LedgerEntry[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'ledger.jsonl');
  startLedger(file, false);
  return { file, ledger: new RunLedger(file, { target, run: 'cnf7', check }), lines: () => readLedger(file).entries };
}

const ISSUE = '/repos/octo/hello/issues/1/assignees';
const issue = (...logins: string[]) => ({ number: 1, assignees: logins.map((login) => ({ login })) });

describe('the run ledger', () => {
  it(
    'records a plan and a subscription when their creation is answered 2xx with an id, naming ' +
      'the token field and never its value',
    () => {
      const { file, ledger, lines } = freshLedger();
      ledger.note(
        { method: 'POST', path: '/v1/billing/plans', token: 'billing-secret', json: {} },
        reply(201, { id: 'P-1', status: 'ACTIVE' }),
      );
      ledger.note(
        { method: 'POST', path: '/v1/billing/plans', token: 'billing-secret', json: {} },
        reply(422, { name: 'UNPROCESSABLE_ENTITY' }),
      );
      ledger.note(
        { method: 'POST', path: '/v1/billing/plans', token: 'billing-secret' },
        reply(201, { status: 'ACTIVE' }),
      );
      ledger.note({ method: 'GET', path: '/v1/billing/plans/P-1', token: 'billing-secret' }, reply(200, { id: 'P-1' }));
      ledger.note(
        { method: 'POST', path: '/v1/billing/subscriptions', token: 'billing-secret', json: { plan_id: 'P-1' } },
        reply(201, { id: 'I-1' }),
      );
      expect(lines()).toMatchObject([
        {
          kind: 'plan',
          id: 'P-1',
          baseUrl: target.baseUrl,
          tokenField: 'billing.token',
          run: 'cnf7',
          check: 'a check',
        },
        { kind: 'subscription', id: 'I-1', planId: 'P-1', tokenField: 'billing.token' },
      ]);
      expect(readFileSync(file, 'utf8')).not.toContain('secret');
    },
  );

  it('records the Platform-Request-Id a create carried, so that its repeat counts as the same create', () => {
    const { lines, ledger } = freshLedger();
    const keyed = { method: 'POST', path: '/v1/billing/plans', json: {}, headers: { 'PLATFORM-Request-Id': 'k-1' } };
    ledger.note(keyed, reply(201, { id: 'P-1' }));
    ledger.note(keyed, reply(201, { id: 'P-1' }));
    ledger.note({ method: 'POST', path: '/v1/billing/plans', json: {} }, reply(201, { id: 'P-2' }));
    expect(lines()).toEqual([
      expect.objectContaining({ id: 'P-1', requestKey: 'k-1' }),
      expect.objectContaining({ id: 'P-1', requestKey: 'k-1' }),
      expect.not.objectContaining({ requestKey: expect.anything() }),
    ]);
  });

  it(
    'records the assignees an add made that the issue did not have when the run first saw it, ' +
      'each once while assigned',
    () => {
      const { lines, ledger } = freshLedger();
      const push = { token: 'push-secret' };
      // First seen: alice was there before the run.
      ledger.note({ method: 'DELETE', path: ISSUE, json: { assignees: [] }, ...push }, reply(200, issue('alice')));
      ledger.note(
        { method: 'POST', path: ISSUE, json: { assignees: ['alice', 'bob'] }, ...push },
        reply(201, issue('alice', 'bob')),
      );
      // bob again while still assigned: nothing new.
      ledger.note(
        { method: 'POST', path: ISSUE, json: { assignees: ['Bob'] }, ...push },
        reply(201, issue('alice', 'bob')),
      );
      // A login the answer does not show was not added (not assignable).
      ledger.note(
        { method: 'POST', path: ISSUE, json: { assignees: ['mallory'] }, ...push },
        reply(201, issue('alice', 'bob')),
      );
      // Removed, then added again: a second line.
      ledger.note({ method: 'DELETE', path: ISSUE, json: { assignees: ['bob'] }, ...push }, reply(200, issue('alice')));
      ledger.note(
        { method: 'POST', path: ISSUE, json: { assignees: ['bob'] }, ...push },
        reply(201, issue('alice', 'bob')),
      );
      // A refused add records nothing.
      ledger.note(
        { method: 'POST', path: ISSUE, json: { assignees: ['carol'] }, token: 'read-secret' },
        reply(403, { message: 'Forbidden' }),
      );
      expect(lines()).toMatchObject([
        {
          kind: 'assignees',
          owner: 'octo',
          repo: 'hello',
          issueNumber: 1,
          added: ['bob'],
          tokenField: 'assignees.tokens.push',
        },
        { kind: 'assignees', added: ['bob'] },
      ]);
    },
  );

  it('takes every login named by an add whose answer shows no assignees', () => {
    const { lines, ledger } = freshLedger();
    ledger.note({ method: 'POST', path: ISSUE, json: { assignees: ['alice'] }, token: 'read-secret' }, reply(201, {}));
    expect(lines()).toMatchObject([{ kind: 'assignees', added: ['alice'], tokenField: 'assignees.tokens.read' }]);
  });

  it('reads back what it wrote; a line cut short or of an unknown kind is named, not fatal', () => {
    const { file, ledger } = freshLedger();
    ledger.note({ method: 'POST', path: '/v1/billing/plans', token: 'billing-secret' }, reply(201, { id: 'P-2' }));
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"kind":"widget","baseUrl":"x"}\n{"kind":"plan","id":"P-`, {
      flag: 'w',
    });
    const { entries, unreadable } = readLedger(file);
    expect(entries.map((e) => e.kind === 'plan' && e.id)).toEqual(['P-2']);
    expect(unreadable).toEqual([
      { line: 2, problem: 'unknown kind "widget"' },
      { line: 3, problem: 'not JSON (cut short?)' },
    ]);
  });

  it('names a line whose tokenField is no profile token field: never read as some token', () => {
    const { file } = freshLedger();
    const line = (tokenField: unknown) =>
      JSON.stringify({ kind: 'plan', id: 'P-4', baseUrl: target.baseUrl, tokenField, run: 'cnf7', check: 'c', at: '' });
    writeFileSync(file, [line('billing.token'), line(null), line('assignees.tokens.admin'), line(7)].join('\n'));
    const { entries, unreadable } = readLedger(file);
    expect(entries.map((e) => e.tokenField)).toEqual(['billing.token', null]);
    expect(unreadable).toEqual([
      {
        line: 3,
        problem:
          'unknown tokenField "assignees.tokens.admin" (not one of billing.token, ' +
          'assignees.tokens.push, assignees.tokens.read)',
      },
      {
        line: 4,
        problem: 'unknown tokenField 7 (not one of billing.token, assignees.tokens.push, assignees.tokens.read)',
      },
    ]);
  });

  it('starts empty, unless shards of one run share it', () => {
    const { file, ledger, lines } = freshLedger();
    ledger.note({ method: 'POST', path: '/v1/billing/plans' }, reply(201, { id: 'P-3' }));
    expect(lines()).toMatchObject([{ id: 'P-3', tokenField: null }]);
    startLedger(file, true);
    expect(lines()).toHaveLength(1);
    startLedger(file, false);
    expect(lines()).toHaveLength(0);
  });
});
