import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TrafficRecorder } from '../harness/traffic.js';
import { sealHar, startHar } from '../harness/har-file.js';
import type { Exchange } from '../harness/exchange.js';
import { findDivergences } from './divergences.js';
import { harEntries } from './har-entries.js';
import { noisePairs, RunResources, withoutLeftovers } from './leftovers.js';
import { learnNoise } from './noise.js';
import { exchangesByCheck, pairExchanges } from './pairs.js';
import { ResourceCorrespondence } from './same-resources.js';
import { RunFailures } from './conformance.js';
import type { ConformanceReport } from '../reports/model.js';

// The diff's reading of two runs: a HAR read an entry at a time, bodies read as JSON once, ids
// of the two sides matched through their creates, behind a path prefix too.

const dir = mkdtempSync(join(tmpdir(), 'diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exchange = (method: string, url: string, status: number, request: unknown, response: unknown): Exchange => ({
  request: { method, url, headers: {}, ...(request !== undefined ? { body: JSON.stringify(request) } : {}) },
  response: {
    status,
    headers: { 'content-type': 'application/json' },
    body: response === undefined ? '' : JSON.stringify(response),
  },
  durationMs: 1,
});

/** A HAR as a run writes it, of these exchanges of one check. */
function har(name: string, exchanges: Exchange[]): Promise<string> {
  const file = join(dir, `${name}.har`);
  startHar(file, { name: 'test', version: '0' });
  const recorder = new TrafficRecorder(file, 'a check');
  for (const one of exchanges) recorder.exchange(one, 0);
  recorder.finish(new Map());
  sealHar(file);
  return Promise.resolve(file);
}

/** One side's run: a plan created (the answer echoing `echoed` as its name), then read, below `prefix`. */
const side = (prefix: string, id: string, echoed: string, shownNote = 'n'): Exchange[] => [
  exchange(
    'POST',
    `http://h.test${prefix}/v1/billing/plans`,
    201,
    { name: 'a', payment_preferences: { setup_fee: { value: '1' } } },
    { id, name: echoed },
  ),
  exchange('GET', `http://h.test${prefix}/v1/billing/plans/${id}`, 200, undefined, {
    id,
    note: shownNote,
    text: 'line\nbreak, "quoted" ,',
  }),
];

describe('the diff reading two runs', () => {
  it('reads a HAR written by a run entry by entry, as the whole file reads', async () => {
    const file = await har('stream', side('', 'P-1', 'a'));
    const whole = (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: unknown[] } }).log.entries;
    expect([...harEntries(file)]).toEqual(whole);
    // A HAR laid out otherwise is read whole.
    const pretty = join(dir, 'pretty.har');
    writeFileSync(pretty, JSON.stringify({ log: { version: '1.2', entries: whole } }, null, 2));
    expect([...harEntries(pretty)]).toEqual(whole);
  });

  it("reads each body as JSON once, and matches the two sides' ids behind a path prefix", async () => {
    const a = exchangesByCheck(await har('a', side('/api', 'P-1', 'a')));
    const b = exchangesByCheck(await har('b', side('/api', 'P-9', 'a')));
    expect(a.get('a check')![1].responseJson).toMatchObject({ id: 'P-1' });
    const { pairs, partings } = pairExchanges(a, b);
    expect(partings).toEqual([]);
    expect(pairs.every((pair) => new ResourceCorrespondence(pairs).comparable(pair))).toBe(true);
    // The ids differ from run to run of one side: noise. The create named `name` (a value it
    // sent, answered otherwise) but not `note` (the server's choice: a default).
    const noise = learnNoise(pairExchanges(a, exchangesByCheck(await har('a2', side('/api', 'P-2', 'a')))).pairs);
    const b2 = exchangesByCheck(await har('b2', side('/api', 'P-9', 'A', 'other')));
    const found = pairExchanges(a, b2);
    const divergences = findDivergences(found.pairs, found.partings, noise);
    expect(divergences.map((divergence) => [divergence.kind, divergence.operation, divergence.members])).toEqual([
      ['default', 'show plan', ['/note']],
      ['value', 'create plan', ['/name']],
    ]);
  });

  it('compares no answers of requests about resources that do not correspond', async () => {
    const a = exchangesByCheck(await har('c', side('/api', 'P-1', 'a')));
    const mixed = side('/api', 'P-9', 'a');
    mixed[1] = exchange('GET', 'http://h.test/api/v1/billing/plans/P-5', 200, undefined, { id: 'P-5', name: 'other' });
    const b = exchangesByCheck(await har('d', mixed));
    const { pairs } = pairExchanges(a, b);
    const resources = new ResourceCorrespondence(pairs);
    expect(resources.comparable(pairs[1])).toBe(false);
  });

  it('compares only what each side made in this run, and counts what it leaves out', async () => {
    const plan = (id: string) => ({ id, name: 'p', links: [] });
    const run = (id: string, leftover?: string): Exchange[] => [
      exchange('POST', 'http://h.test/v1/billing/plans', 201, { name: 'p' }, plan(id)),
      exchange('GET', 'http://h.test/v1/billing/plans?page_size=20', 200, undefined, {
        plans: [...(leftover ? [plan(leftover)] : []), plan(id)],
        links: [],
      }),
      // Another page of the same list shows no leftover, but is shifted by it all the same.
      exchange('GET', 'http://h.test/v1/billing/plans?page_size=20&page=2', 200, undefined, { plans: [], links: [] }),
      // A made-up id nothing answers to is compared: no leftover there.
      exchange('GET', 'http://h.test/v1/billing/plans/P-NOSUCHPLAN000000000000000', 404, undefined, {
        name: 'RESOURCE_NOT_FOUND',
      }),
      exchange('GET', `http://h.test/v1/billing/plans/${leftover ?? id}`, 200, undefined, plan(leftover ?? id)),
    ];
    const a = exchangesByCheck(await har('left-a', run('P-A1')));
    const b = exchangesByCheck(await har('left-b', run('P-B1', 'P-OLD')));
    expect(new RunResources(b).made).toEqual(new Set(['P-B1']));
    const { pairs, leftovers } = withoutLeftovers(pairExchanges(a, b).pairs, new RunResources(a), new RunResources(b));
    expect(pairs.map((pair) => pair.a.operation)).toEqual(['create plan', 'show plan']);
    expect(pairs[1].a.status).toBe(404);
    expect(leftovers).toEqual({ exchanges: 3, resources: 1 });
    // Two runs of one side: the list page of the second shows what the first made; its own
    // items are still compared, to learn what differs between runs (the ids).
    const again = exchangesByCheck(await har('left-a2', run('P-A2', 'P-A1')));
    const learned = learnNoise(noisePairs(pairExchanges(a, again).pairs, new RunResources(a), new RunResources(again)));
    expect([...(learned.members.get('list plans') ?? [])]).toEqual(['/plans/*/id']);
  });

  it(
    'reports a difference where one answer breaks a rule as a conformance difference, with the ' + 'rule and the side',
    async () => {
      const issue = (id: unknown) => ({ id: 1, number: 1, assignees: [{ login: 'alice', id }] });
      const add = (id: unknown): Exchange[] => [
        exchange(
          'POST',
          'http://h.test/repos/octo-org/hello-world/issues/1/assignees',
          201,
          { assignees: ['alice'] },
          issue(id),
        ),
      ];
      const a = exchangesByCheck(await har('user-a', add(7)));
      const b = exchangesByCheck(await har('user-b', add('7')));
      const { pairs, partings } = pairExchanges(a, b);
      const none = { rules: [] } as unknown as ConformanceReport;
      const [divergence, ...others] = findDivergences(pairs, partings, learnNoise([]), {
        a: new RunFailures(none),
        b: new RunFailures(none),
      });
      expect(others).toEqual([]);
      expect(divergence).toMatchObject({
        kind: 'conformance',
        operation: 'add assignees',
        rule: 'assignees.user.id.type',
        level: 'MUST',
        brokenBy: 'b',
        count: 1,
      });
      // Without the judges, the same pair reads as a difference both answers may have.
      expect(findDivergences(pairs, partings, learnNoise([])).map((one) => one.kind)).not.toContain('conformance');
    },
  );
});
