import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TrafficRecorder } from '../harness/traffic.js';
import { writeHar } from '../reports/har.js';
import type { Exchange } from '../harness/exchange.js';
import { findDivergences } from './divergences.js';
import { harEntries } from './har-entries.js';
import { learnNoise } from './noise.js';
import { exchangesByCheck, pairExchanges } from './pairs.js';
import { ResourceCorrespondence } from './same-resources.js';

// The diff's reading of two runs: a HAR read an entry at a time, bodies read as JSON once, ids
// of the two sides matched through their creates, behind a path prefix too.

const dir = mkdtempSync(join(tmpdir(), 'diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exchange = (method: string, url: string, status: number, request: unknown, response: unknown): Exchange => ({
  request: { method, url, headers: {}, ...(request !== undefined ? { body: JSON.stringify(request) } : {}) },
  response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(response) },
  durationMs: 1,
});

/** A HAR as a run writes it, of these exchanges of one check. */
async function har(name: string, exchanges: Exchange[]): Promise<string> {
  const traffic = join(dir, `${name}.ndjson`);
  const file = join(dir, `${name}.har`);
  const recorder = new TrafficRecorder(traffic, 'a check');
  for (const one of exchanges) recorder.exchange(one, 0);
  recorder.finish([]);
  await writeHar([traffic], file, { name: 'test', version: '0' });
  return file;
}

/** One side's run: a plan created (the answer echoing `echoed` as its name), then read, below `prefix`. */
const side = (prefix: string, id: string, echoed: string, shownNote = 'n'): Exchange[] => [
  exchange('POST', `http://h.test${prefix}/v1/billing/plans`, 201, { name: 'a', payment_preferences: { setup_fee: { value: '1' } } }, { id, name: echoed }),
  exchange('GET', `http://h.test${prefix}/v1/billing/plans/${id}`, 200, undefined, { id, note: shownNote, text: 'line\nbreak, "quoted" ,' }),
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

  it('reads each body as JSON once, and matches the two sides\' ids behind a path prefix', async () => {
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
});
