import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { probe } from './probe.js';
import { UnreachableError } from './errors.js';
import { startLocalServer, type LocalServer } from '../harness/test-support/local-server.js';

// Whether the target answers at all: any HTTP answer means reachable, one whose body could not be
// read as anything too; only no answer is "cannot reach" (exit 3).

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('probe', () => {
  it('takes an answer whose body decodes past the limit as an answer', async () => {
    // 64 MiB of gzip in 1 MiB members: a few hundred kilobytes on the wire.
    const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    const s = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    servers.push(s);
    await expect(probe({ baseUrl: s.url }, 2000)).resolves.toBe(200);
  });

  it('says "cannot reach" of a target that does not answer', async () => {
    const s = await startLocalServer((_req, res) => res.end());
    const url = s.url;
    await s.close();
    await expect(probe({ baseUrl: url }, 2000)).rejects.toThrow(UnreachableError);
    await expect(probe({ baseUrl: url }, 2000)).rejects.toThrow(/^cannot reach .*connection refused/);
  });
});
