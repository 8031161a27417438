import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../harness/redact.js';
import { filesUnder } from '../harness/hostile/test-support/run-cli.js';
import { FIXTURES } from '../reference/fixtures.js';
import { runCli, type CliResult } from './test-support/run-cli.js';

// Nothing derived from a credential is printed or written. The billing auth checks send the
// profile's token with a character added or left out; against a reference that takes any token,
// they fail with such a token as the counterexample. Every output of that run (the terminal, and
// every file of the report folder: reports, HAR, ledger, certificate) is searched for the tokens
// and for the billing token one character away; the counterexample reads as a placeholder.

const BILLING = FIXTURES.billingToken;
const TOKENS = [BILLING, FIXTURES.pushUser.token, FIXTURES.readUser.token];
const PLACEHOLDER = /<the profile's billing token with a character added at its end>/;

/** The token with one character left out, at every place. */
const shortened = (token: string): string[] =>
  Array.from({ length: token.length }, (_, i) => token.slice(0, i) + token.slice(i + 1));

let dir: string;
let run: CliResult;
let outputs: Array<{ file: string; text: string }>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'credential-leak-'));
  const reportDir = join(dir, 'report');
  const args = ['run', '--suite', 'billing', '--faults', 'billing-any-token-accepted', '--grep', 'billing auth'];
  run = await runCli([...args, '--seed', '7', '--report-dir', reportDir]);
  outputs = [{ file: 'stdout', text: run.stdout }, { file: 'stderr', text: run.stderr }, ...filesUnder(reportDir)];
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a run whose auth checks fail on a token made from the profile', () => {
  it('fails them, with the counterexample as a placeholder in the terminal and the report', () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAILED billing\.auth\.invalid-token-refused: .*\(counterexample: </);
    expect(run.stdout).toMatch(PLACEHOLDER);
    const report = outputs.find(({ file }) => file.endsWith('conformance.json'));
    expect(report?.text).toMatch(PLACEHOLDER);
    expect(outputs.map(({ file }) => file.replace(/.*\//, ''))).toEqual(
      expect.arrayContaining(['exchanges.har', 'ledger.jsonl', 'junit.xml', 'report.html', 'summary.md']),
    );
  });

  it('prints and writes no token, and none one character away', () => {
    const near = [...TOKENS, ...shortened(BILLING), `${REDACTED}x`, `x${REDACTED}`];
    for (const { file, text } of outputs)
      for (const value of near) expect(text.includes(value), `${file} holds ${value}`).toBe(false);
  });
});
