import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';
import type { Exchange } from './exchange.js';
import { sealHar, startHar } from './har-file.js';
import { TrafficRecorder } from './traffic.js';

// exchanges.har written as the run goes: each check's exchanges go in when it ends, each with the
// rules it informed; sealing adds what checks that never ended sent, and closes the file.

const dir = mkdtempSync(join(tmpdir(), 'traffic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CREATOR = { name: 'test', version: '0' };

interface Entry {
  _check: string;
  _rules: string[];
  _id?: string;
  request: { url: string };
}

const exchange = (id: string, body = '{}'): Exchange => ({
  id,
  request: { method: 'GET', url: `http://h.test/v1/billing/plans/${id}`, headers: {} },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  durationMs: 3,
});

const entriesOf = (file: string): Entry[] => {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Entry[] } };
  expect(validateHar(har)).toEqual([]);
  return har.log.entries;
};

describe('exchanges.har written as the run goes', () => {
  it('puts the exchanges of a check in when it ends, each with the rules it informed, and nothing before', () => {
    const file = join(dir, 'checks.har');
    startHar(file, CREATOR);
    const first = new TrafficRecorder(file, 'first');
    const second = new TrafficRecorder(file, 'second');
    first.exchange(exchange('a-1'), 0);
    second.exchange(exchange('b-1'), 0);
    first.exchange(exchange('a-2'), 0);
    expect(readFileSync(`${file}.part`, 'utf8')).not.toContain('a-1');
    second.finish(new Map([['b-1', ['rule.b', 'rule.b']]]));
    // a-1 was a setup that informed no rule; a-2 informed two.
    first.finish(new Map([['a-2', ['rule.a', 'rule.c']]]));
    // A cleanup sent after its check ended goes in at once, and informed no rule.
    first.exchange(exchange('a-3'), 0);
    expect(sealHar(file)).toBe(4);
    expect(entriesOf(file).map((entry) => [entry._id, entry._check, entry._rules])).toEqual([
      ['b-1', 'second', ['rule.b']],
      ['a-1', 'first', []],
      ['a-2', 'first', ['rule.a', 'rule.c']],
      ['a-3', 'first', []],
    ]);
    expect(existsSync(`${file}.part`) || existsSync(`${file}.pending`)).toBe(false);
  });

  it('keeps rules given per exchange, and scrubs each entry as it goes in', () => {
    const file = join(dir, 'proxied.har');
    startHar(file, CREATOR);
    const scrub = (text: string): string => text.split('s3cr3t-token').join('[REDACTED]');
    const recorder = new TrafficRecorder(file, 'proxied client', scrub);
    recorder.exchange(exchange('p-1', '{"token":"s3cr3t-token"}'), 0, ['rule.one']);
    recorder.exchange(exchange('p-2'), 0, []);
    recorder.finish(new Map([['p-2', ['rule.other']]]));
    expect(sealHar(file)).toBe(2);
    expect(entriesOf(file).map((entry) => entry._rules)).toEqual([['rule.one'], []]);
    expect(readFileSync(file, 'utf8')).not.toContain('s3cr3t-token');
  });

  it('seals what checks that never ended sent, with no rules, a cut last line left out', () => {
    const file = join(dir, 'interrupted.har');
    startHar(file, CREATOR);
    const ended = new TrafficRecorder(file, 'ended');
    const running = new TrafficRecorder(file, 'running');
    running.exchange(exchange('r-1'), 0);
    running.exchange(exchange('r-2'), 0);
    ended.exchange(exchange('e-1'), 0);
    ended.finish(new Map([['e-1', ['rule.e']]]));
    const spool = readdirSync(`${file}.pending`).find((name) => name.endsWith('.jsonl'))!;
    appendFileSync(join(`${file}.pending`, spool), '{"startedDateTime":"2026-');
    expect(sealHar(file, (text) => text.replaceAll('r-2', 'r-2-scrubbed'))).toBe(3);
    expect(entriesOf(file).map((entry) => [entry._id, entry._rules])).toEqual([
      ['e-1', ['rule.e']],
      ['r-1', []],
      ['r-2-scrubbed', []],
    ]);
  });

  it('writes an empty HAR when nothing was sent, and takes nothing once sealed', () => {
    const file = join(dir, 'empty.har');
    startHar(file, CREATOR);
    const late = new TrafficRecorder(file, 'late');
    expect(sealHar(file)).toBe(0);
    expect(entriesOf(file)).toEqual([]);
    // A check the run stopped waiting for goes on (to clean up), unrecorded.
    late.exchange(exchange('l-1'), 0);
    late.finish(new Map());
    expect(entriesOf(file)).toEqual([]);
  });

  it('fails to record when the report folder is gone', () => {
    const file = join(dir, 'gone', 'exchanges.har');
    const recorder = new TrafficRecorder(file, 'lost');
    expect(() => recorder.exchange(exchange('g-1'), 0)).toThrow(/ENOENT/);
  });
});
