import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badChecks, cliPath, readReport, runCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startReference, type RunningReference } from '../reference/server.js';
import { compressingFront, type CompressingFront } from './test-support/compressing-front.js';

// `run` asks for no content coding. Against the reference behind a front that gzips every answer
// all the same, the checks judge the decoded bodies (JSON bodies, shapes: passed), and the coding
// nobody asked for is the server's, said so: the SHOULD rule of each API warns.

describe('run against a server that compresses its answers unasked', () => {
  let reference: RunningReference;
  let front: CompressingFront;
  let run: CliRun;

  beforeAll(async () => {
    if (!existsSync(cliPath())) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    reference = await startReference({});
    front = await compressingFront(reference.baseUrl, { unasked: true });
    const dir = mkdtempSync(join(tmpdir(), 'compressing-'));
    const target = join(dir, 'target.json');
    writeFileSync(target, JSON.stringify({ ...reference.profile, baseUrl: front.url }));
    const grep =
      'content coding|every answer of the billing service with a body|list assignees answers 200 with an array';
    run = await runCli(['run', '--target', target, '--seed', '7', '--runs', '2', '--grep', grep], {
      killAfterMs: 110_000,
    });
  }, 120_000);

  afterAll(async () => {
    await front?.close();
    await reference?.close();
  });

  it('judges the decoded bodies and warns on the coding, on both APIs', () => {
    expect(run.killed, run.stderr).toBe(false);
    expect(front.codings.length).toBeGreaterThan(0);
    const report = readReport(run.reportDir);
    const status = (id: string) => report.rules.find((rule) => rule.id === id)?.status;
    expect(
      badChecks(report)
        .filter((check) => check.status === 'error')
        .map((check) => check.message),
    ).toEqual([]);
    expect(status('billing.http.json-bodies')).toBe('passed');
    expect(status('assignees.list.response.type')).toBe('passed');
    expect(status('billing.http.coding-asked-for')).toBe('warning');
    expect(status('assignees.http.coding-asked-for')).toBe('warning');
    expect(report.summary.failed).toBe(0);
    const warned = report.rules.find((rule) => rule.id === 'billing.http.coding-asked-for')!.checks[0];
    expect(warned.message).toMatch(/Content-Encoding gzip, which the request did not ask for/);
  });
});
