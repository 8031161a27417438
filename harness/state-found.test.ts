import { describe, expect, it } from 'vitest';
import type { Reply } from './exchange.js';
import { StateFound, theReadBefore } from './state-found.js';

// The state a refusal is judged against is the one read right before it: after a request the
// server took, the state is read again (or the resource renewed), never kept from before.

const reply = (status: number, id = 'x-1'): Reply => ({
  exchange: {
    id,
    request: { method: 'GET', url: 'http://127.0.0.1:9/v1/things/1?fields=plan', headers: {} },
    durationMs: 0,
  },
  status,
  headers: {},
  text: '',
  json: undefined,
});

/** A server whose state is a number: a taken write sets it, a refusal that leaks sets it too. */
function server(start: number) {
  let state = start;
  let reads = 0;
  return {
    read: async () => ({ state, reply: reply(200, `read-${(reads += 1)}`) }),
    set: (value: number) => void (state = value),
    reads: () => reads,
  };
}

describe('StateFound', () => {
  it('judges a refusal against the read after the last taken write, not the first read', async () => {
    const target = server(1);
    const found = new StateFound({ read: target.read, same: (a: number, b: number) => a === b });
    expect((await found.before()).state).toBe(1);
    target.set(2); // a write the server took (its own failure elsewhere)
    expect(await found.after(reply(204))).toBeUndefined();
    expect((await found.before()).state).toBe(2);
    // refused and nothing changed since that read: no change, though the state differs from the first read
    expect(await found.after(reply(400))).toBeUndefined();
    // refused, yet the state changed: named with the read it was compared with
    await found.before();
    target.set(3);
    const changed = await found.after(reply(422));
    expect(changed?.before.state).toBe(2);
    expect(changed?.after.state).toBe(3);
    // the read after that refusal is the next request's "before"
    expect((await found.before()).state).toBe(3);
  });

  it('renews the resource after a request that was not refused, when asked to', async () => {
    let renewed = 0;
    const target = server(1);
    const found = new StateFound({
      read: target.read,
      same: (a, b) => a === b,
      renew: async () => void (renewed += 1),
    });
    await found.before();
    expect(await found.after(reply(500))).toBeUndefined();
    expect(renewed).toBe(1);
    expect(await found.after(reply(201))).toBeUndefined();
    expect(renewed).toBe(2);
  });

  it('names the read it compared with by method, path and exchange id', () => {
    expect(theReadBefore(reply(200, 'c1-4').exchange)).toBe(
      'the read right before it (GET /v1/things/1?fields=plan, exchange c1-4)',
    );
  });
});
