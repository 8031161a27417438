import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';
import { startLocalServer, type LocalServer } from '../harness/test-support/local-server.js';
import {
  badChecks,
  freshTokens,
  readReport,
  runCli,
  writeProfile,
  type CliRun,
} from '../harness/hostile/test-support/run-cli.js';

// The built CLI against a server that answers every request, the reachability probe included,
// with a gzip bomb: 1 GiB of JSON whitespace in a few megabytes. The body is cut at the decoding
// limit, never decoded whole; the server answered, so the run says what its body did, names no
// unreachable target, and the checks that needed the body have no verdict (exit 4, not 3).
// One check (--grep), not a whole run: what is judged is how the answer is named and counted.

let server: LocalServer;
let run: CliRun;
const scratch = mkdtempSync(join(tmpdir(), 'gzip-bomb-'));

beforeAll(async () => {
  // A gzip body may hold several members: 1024 of 1 MiB each, compressed once.
  const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
  const bomb = Buffer.concat(Array.from({ length: 1024 }, () => member));
  server = await startLocalServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  });
  const tokens = freshTokens();
  run = await runCli(
    ['run', '--target', writeProfile(scratch, server.url), '--grep', 'assignees/list', '--seed', '7'],
    {
      env: { HOSTILE_BILLING_TOKEN: tokens.billing, HOSTILE_PUSH_TOKEN: tokens.push, HOSTILE_READ_TOKEN: tokens.read },
      killAfterMs: 120_000,
      reportDir: join(scratch, 'report'),
    },
  );
});

afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

const LIMIT_NAMED = /the gzip body decodes to more than 16 MiB, the most the checker decodes/;

describe('a target that answers a gzip bomb', () => {
  it('is reached: the run ends INCOMPLETE (exit 4), never "cannot reach" (exit 3)', () => {
    expect(run.killed).toBe(false);
    expect(run.code).toBe(4);
    const summary = readFileSync(join(run.reportDir, 'summary.md'), 'utf8');
    for (const text of [run.stdout, run.stderr, summary])
      expect(text).not.toMatch(/cannot reach|could not be reached|not valid gzip|too large to read/);
  });

  it('names the coding and the limit, in the terminal, the diagnosis and the checks without a verdict', () => {
    expect(run.stdout).toMatch(LIMIT_NAMED);
    const report = readReport(run.reportDir);
    expect(report.summary.verdict).toBe('INCOMPLETE');
    expect(report.summary.diagnosis?.lines.join('\n')).toMatch(LIMIT_NAMED);
    const stopped = badChecks(report);
    expect(stopped.length).toBeGreaterThan(0);
    for (const check of stopped) {
      expect(check.status).toBe('error');
      expect(check.message).toMatch(LIMIT_NAMED);
      // The answer is evidence: its status and headers, its body not (nothing of it could be read).
      expect(check.evidence?.some((exchange) => exchange.response?.status === 200)).toBe(true);
    }
    const har = JSON.parse(readFileSync(join(run.reportDir, 'exchanges.har'), 'utf8')) as unknown;
    expect(validateHar(har)).toEqual([]);
  });
});
