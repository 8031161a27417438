import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupCommand } from './cleanup-command.js';

// cleanup against a shared staging server that does not do what the spec says: it ignores the
// plan_ids filter of list subscriptions (so it lists everyone's subscriptions), and it let the
// read token add an assignee (which only the push token may remove). Only what the run created
// may be touched, and with the token that may retire it.

const BILLING = 'billing-secret-token';
const PUSH = 'push-secret-token';
const READ = 'read-secret-token';
const RUN_PLAN = 'P-RUNPLAN0000000000000001';
const OTHER_PLAN = 'P-OTHERPLAN00000000000001';
const ISSUE = '/repos/octo/hello/issues/1/assignees';

interface Sub {
  id: string;
  plan_id: string;
  status: string;
  /** Left out of list items (spec-valid: plan_id is required on create only). */
  listedWithoutPlan?: boolean;
}

interface Staging {
  url: string;
  cancelled: string[];
  removedWith: string[];
  assignees: string[];
  close: () => Promise<void>;
}

async function startStaging(subs: Sub[], assignees: string[]): Promise<Staging> {
  const state = { cancelled: [] as string[], removedWith: [] as string[], assignees: [...assignees] };
  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const path = url.pathname;
    if (path === '/') return json(res, 200, {});
    if (path.startsWith('/v1/') && token !== BILLING) return json(res, 401, { name: 'AUTHENTICATION_FAILURE' });
    // plan_ids is ignored: every subscription the server holds is listed.
    if (req.method === 'GET' && path === '/v1/billing/subscriptions') {
      const size = Number(url.searchParams.get('page_size') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      const items = subs
        .slice((page - 1) * size, page * size)
        .map(({ listedWithoutPlan, ...s }) => (listedWithoutPlan ? { id: s.id, status: s.status } : s));
      return json(res, 200, { subscriptions: items, links: [] });
    }
    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (sub) {
      const found = subs.find((s) => s.id === decodeURIComponent(sub[1]));
      if (!found) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (req.method === 'GET' && !sub[2]) {
        const { listedWithoutPlan: _, ...shown } = found;
        return json(res, 200, shown);
      }
      if (req.method === 'POST' && sub[2]) {
        state.cancelled.push(found.id);
        found.status = 'CANCELLED';
        return json(res, 204);
      }
    }
    if (req.method === 'GET' && path.startsWith('/v1/billing/plans/'))
      return json(res, 200, { id: decodeURIComponent(path.split('/').pop()!), status: 'INACTIVE' });
    if (req.method === 'DELETE' && path === ISSUE) {
      const named = (JSON.parse(body || '{}') as { assignees?: string[] }).assignees ?? [];
      if (named.length > 0) {
        // Only the push token may remove assignees.
        if (token !== PUSH) return json(res, 403, { message: 'Must have push access to remove assignees' });
        state.removedWith.push(token === PUSH ? 'push' : 'other');
        state.assignees = state.assignees.filter((login) => !named.includes(login));
      } else if (token !== PUSH && token !== READ) return json(res, 401, { message: 'Bad credentials' });
      return json(res, 200, { number: 1, assignees: state.assignees.map((login) => ({ login })) });
    }
    return json(res, 404, { message: 'Not Found' });
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get cancelled() {
      return state.cancelled;
    },
    get removedWith() {
      return state.removedWith;
    },
    get assignees() {
      return state.assignees;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A profile and a ledger of a run that created RUN_PLAN (and what `lines` add), against `url`. */
function files(url: string, lines: object[] = []): { ledger: string; target: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cleanup-shared-'));
  const target = join(dir, 'target.json');
  writeFileSync(
    target,
    JSON.stringify({
      baseUrl: url,
      billing: { token: BILLING, productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'none' } },
      assignees: {
        owner: 'octo',
        repo: 'hello',
        issueNumber: 1,
        tokens: { push: PUSH, read: READ },
        assignable: ['alice', 'bob'],
      },
    }),
  );
  const ledger = join(dir, 'ledger.jsonl');
  const recorded = { baseUrl: url, run: 'cnf7', check: 'a check', at: '2025-01-01T00:00:00Z' };
  writeFileSync(
    ledger,
    [
      { kind: 'plan', id: RUN_PLAN, tokenField: 'billing.token', ...recorded },
      ...lines.map((line) => ({ ...recorded, ...line })),
    ]
      .map((line) => JSON.stringify(line))
      .join('\n') + '\n',
  );
  return { ledger, target };
}

async function cleanup(ledger: string, target: string): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await cleanupCommand(['--ledger', ledger, '--target', target], (text) => lines.push(text));
  return { code, text: lines.join('\n') };
}

describe('cleanup against a shared staging server', () => {
  let staging: Staging | undefined;
  afterEach(async () => {
    await staging?.close();
    staging = undefined;
  });

  it(
    "that ignores plan_ids: cancels only the subscriptions on the run's plans, and says how " + 'many it left alone',
    async () => {
      const others = Array.from({ length: 23 }, (_, i): Sub => ({
        id: `I-OTHER${String(i).padStart(6, '0')}`,
        plan_id: OTHER_PLAN,
        status: 'ACTIVE',
      }));
      staging = await startStaging(
        [
          ...others,
          { id: 'I-RUNNOTINLEDGER', plan_id: RUN_PLAN, status: 'ACTIVE' },
          { id: 'I-RUNUNLISTEDPLAN', plan_id: RUN_PLAN, status: 'SUSPENDED', listedWithoutPlan: true },
          { id: 'I-OTHERUNLISTEDPLAN', plan_id: OTHER_PLAN, status: 'ACTIVE', listedWithoutPlan: true },
        ],
        [],
      );
      const { ledger, target } = files(staging.url);
      const { code, text } = await cleanup(ledger, target);
      expect(staging.cancelled.sort()).toEqual(['I-RUNNOTINLEDGER', 'I-RUNUNLISTEDPLAN']);
      expect(text).toContain("note: 24 listed subscriptions were left alone: not on the run's plans");
      expect(text).toMatch(/^cleanup: retired 2 subscriptions; already retired 1 plan; could not retire nothing$/m);
      expect(code).toBe(0);
      expect(text).not.toContain('secret');
    },
  );

  it('where the read token could add an assignee: removes it with the push token', async () => {
    staging = await startStaging([], ['alice', 'bob']);
    const { ledger, target } = files(staging.url, [
      {
        kind: 'assignees',
        owner: 'octo',
        repo: 'hello',
        issueNumber: 1,
        added: ['bob'],
        tokenField: 'assignees.tokens.read',
      },
    ]);
    const { code, text } = await cleanup(ledger, target);
    expect(staging.removedWith).toEqual(['push']);
    expect(staging.assignees).toEqual(['alice']);
    expect(text).toMatch(/^cleanup: retired 1 issue's assignees; already retired 1 plan; could not retire nothing$/m);
    expect(code).toBe(0);
  });

  it('with a ledger line whose tokenField is unknown: names the line and exits 1', async () => {
    staging = await startStaging([], ['alice', 'bob']);
    const { ledger, target } = files(staging.url, [
      {
        kind: 'assignees',
        owner: 'octo',
        repo: 'hello',
        issueNumber: 1,
        added: ['bob'],
        tokenField: 'assignees.tokens.admin',
      },
    ]);
    const warnings: string[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back as it was
    const write = process.stderr.write;
    process.stderr.write = (chunk: string) => warnings.push(chunk) > 0;
    try {
      const { code, text } = await cleanup(ledger, target);
      expect(code).toBe(1);
      expect(text).toMatch(/; 1 unreadable ledger line\(s\)$/m);
    } finally {
      process.stderr.write = write;
    }
    expect(warnings.join('')).toContain(
      'line 2 is not a ledger entry (unknown tokenField "assignees.tokens.admin" (not one of ' +
        'billing.token, assignees.tokens.push, assignees.tokens.read)): skipped',
    );
    expect(staging.removedWith).toEqual([]);
  });
});
