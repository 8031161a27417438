import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

// Bad input to the command line gets one clear line and the exit code the README names, never a
// stack trace.

const dir = mkdtempSync(join(tmpdir(), 'cli-usage-'));

function expectOneClearLine(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr.trim().split('\n')[0]).toMatch(/^error: /);
}

describe('command line errors', () => {
  it('an unknown flag exits 2 naming it', async () => {
    const r = await runCli(['run', '--bogus']);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /--bogus/);
  });

  it('a bad flag value exits 2 naming the flag', async () => {
    const r = await runCli(['run', '--runs', 'many']);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /--runs must be an integer/);
    const shard = await runCli(['run', '--shard', '3/2']);
    expect(shard.code).toBe(2);
    expectOneClearLine(shard.stderr, /--shard/);
    const suite = await runCli(['run', '--suite', 'payments']);
    expect(suite.code).toBe(2);
    expectOneClearLine(suite.stderr, /unknown suite "payments"/);
  });

  it('an unknown command exits 2', async () => {
    const r = await runCli(['certify']);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /unknown command "certify"/);
  });

  it('a missing profile exits 2 naming the file', async () => {
    const r = await runCli(['run', '--target', join(dir, 'nope.json')]);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /nope\.json does not exist/);
  });

  it('a malformed profile exits 2 naming the problem', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "baseUrl": "http://127.0.0.1:1", ');
    const r = await runCli(['run', '--target', file]);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /not valid JSON/);
  });

  it('a profile with a wrong field exits 2 naming the field', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(
      file,
      JSON.stringify({ baseUrl: 'http://127.0.0.1:1', billing: { token: 't', approval: { mode: 'follow-link' } } }),
    );
    const r = await runCli(['run', '--target', file]);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /productId/);
  });

  it('an unset environment variable in a profile exits 2 naming the profile, the field and the variable', async () => {
    const file = join(dir, 'env.json');
    writeFileSync(
      file,
      JSON.stringify({
        baseUrl: 'http://127.0.0.1:1',
        billing: { token: '${UNSET_TOKEN_FOR_TEST}', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'none' } },
      }),
    );
    const r = await runCli(['run', '--target', file], { env: { UNSET_TOKEN_FOR_TEST: '' } });
    expect(r.code).toBe(2);
    expectOneClearLine(
      r.stderr,
      /^error: target profile \S*env\.json: billing\.token: environment variable UNSET_TOKEN_FOR_TEST is not set$/m,
    );
  });

  it('an unreachable base URL exits 3 with one line, and junit.xml shows the cause as an error', async () => {
    const r = await runCli(['run', '--base-url', 'http://127.0.0.1:9', '--report-dir', join(dir, 'unreachable')]);
    expect(r.code).toBe(3);
    expectOneClearLine(r.stderr, /cannot reach http:\/\/127\.0\.0\.1:9.*connection refused/);
    // What a CI viewer shows: the cause, not only "711 skipped".
    const junit = readFileSync(join(dir, 'unreachable', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="api-conformance" tests="\d+" failures="0" errors="1" /);
    expect(junit).toMatch(
      /<error message="cannot reach http:\/\/127\.0\.0\.1:9[^"]*connection refused[^"]*" type="run error">/,
    );
  });

  it(
    'an unknown fault or variant name exits 2 with a short line: the closest names and where ' + 'the list is',
    async () => {
      const r = await runCli(['serve', '--faults', 'no-such-fault']);
      expect(r.code).toBe(2);
      expectOneClearLine(
        r.stderr,
        /^error: serve: --faults: unknown fault "no-such-fault"; `api-conformance serve --list-faults` lists all \d+$/m,
      );
      const typo = await runCli(['run', '--faults', 'plan-id-no-prefx', '--report-dir', join(dir, 'typo')]);
      expect(typo.code).toBe(2);
      expectOneClearLine(typo.stderr, /unknown fault "plan-id-no-prefx" \(did you mean "plan-id-no-prefix"\?\)/);
      const variant = await runCli(['run', '--variant', 'nope', '--report-dir', join(dir, 'typo')]);
      expect(variant.code).toBe(2);
      expectOneClearLine(variant.stderr, /--variant: unknown variant "nope"/);
      for (const result of [r, typo, variant]) expect(result.stderr.split('\n')[0].length).toBeLessThan(200);
    },
  );

  it('a flag where a value is expected exits 2 with one line naming the flag', async () => {
    const r = await runCli(['run', '--runs', '--seed', '5']);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /^error: run: --runs needs a value, but is followed by "--seed"/);
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
    const last = await runCli(['run', '--seed']);
    expect(last.code).toBe(2);
    expectOneClearLine(last.stderr, /^error: run: --seed needs a value$/m);
  });

  it('an invalid --grep pattern exits 2 naming --grep, before anything runs', async () => {
    const reportDir = join(dir, 'grep');
    const r = await runCli(['run', '--grep', '(', '--report-dir', reportDir]);
    expect(r.code).toBe(2);
    expectOneClearLine(r.stderr, /^error: --grep is not a valid regular expression: .*Unterminated group/);
    expect(existsSync(reportDir)).toBe(false);
  });

  it('credentials in a base URL exit 2 without a trace of them anywhere', async () => {
    const reportDir = join(dir, 'userinfo');
    const r = await runCli(['run', '--base-url', 'http://user:s3cretpw@127.0.0.1:9/', '--report-dir', reportDir]);
    expect(r.code).toBe(2);
    expectOneClearLine(
      r.stderr,
      /^error: --base-url must not carry credentials \(user:password@host\).*target profile/,
    );
    expect(r.stdout + r.stderr).not.toContain('s3cretpw');
    expect(existsSync(reportDir)).toBe(false);

    const file = join(dir, 'userinfo.json');
    writeFileSync(file, JSON.stringify({ baseUrl: 'http://user:${URL_PASSWORD_FOR_TEST}@127.0.0.1:9/' }));
    const profile = await runCli(['run', '--target', file, '--report-dir', reportDir], {
      env: { URL_PASSWORD_FOR_TEST: 's3cretpw' },
    });
    expect(profile.code).toBe(2);
    expectOneClearLine(profile.stderr, /^error: target profile \S*userinfo\.json: baseUrl must not carry credentials/);
    expect(profile.stdout + profile.stderr).not.toContain('s3cretpw');
    expect(existsSync(reportDir)).toBe(false);
  });

  it('a report folder that cannot be written exits 2 naming it, before the run', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await runCli(['run', '--report-dir', join(file, 'reports')]);
    expect(r.code).toBe(2);
    expectOneClearLine(
      r.stderr,
      new RegExp(
        '^error: --report-dir \\S*a-file\\/reports: cannot write the reports ' +
          'there \\(a part of that path is a file, not a folder\\)$',
        'm',
      ),
    );
    // Found before the run: the embedded reference never started.
    expect(r.stdout).not.toMatch(/certifying/);
    expect(r.ms).toBeLessThan(10_000);
  });

  it.skipIf(process.platform !== 'linux')(
    'a report folder under /proc (where a recursive mkdir spins) exits 2 at once',
    async () => {
      const r = await runCli(['run', '--report-dir', '/proc/nope/reports']);
      expect(r.code).toBe(2);
      expectOneClearLine(
        r.stderr,
        new RegExp(
          '^error: --report-dir \\/proc\\/nope\\/reports: cannot write the ' +
            'reports there \\(a folder cannot be made there\\)$',
          'm',
        ),
      );
      expect(r.stdout).not.toMatch(/certifying/);
    },
  );

  it.skipIf(process.getuid?.() === 0)('a report folder without write permission exits 2 naming it', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    try {
      const r = await runCli(['run', '--report-dir', join(locked, 'out')]);
      expect(r.code).toBe(2);
      expectOneClearLine(
        r.stderr,
        /^error: --report-dir \S*locked\/out: cannot write the reports there \(permission denied\)$/m,
      );
    } finally {
      chmodSync(locked, 0o700);
    }
  });

  it(
    'cleanup without its files, with a ledger that is not there, or against a target that does ' +
      'not answer: one line, exit 2 or 3',
    async () => {
      const profile = join(dir, 'cleanup-target.json');
      writeFileSync(
        profile,
        JSON.stringify({
          baseUrl: 'http://127.0.0.1:9',
          billing: { token: 't', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'none' } },
        }),
      );
      const noLedger = await runCli(['cleanup', '--target', profile]);
      expect(noLedger.code).toBe(2);
      expectOneClearLine(noLedger.stderr, /^error: cleanup: --ledger FILE is required/);
      const noTarget = await runCli(['cleanup', '--ledger', join(dir, 'ledger.jsonl')]);
      expect(noTarget.code).toBe(2);
      expectOneClearLine(noTarget.stderr, /^error: cleanup: --target FILE is required/);
      const missing = await runCli(['cleanup', '--ledger', join(dir, 'nope.jsonl'), '--target', profile]);
      expect(missing.code).toBe(2);
      expectOneClearLine(missing.stderr, /^error: --ledger: ledger \S*nope\.jsonl does not exist$/m);
      const bogus = await runCli([
        'cleanup',
        '--ledger',
        join(dir, 'nope.jsonl'),
        '--target',
        profile,
        '--rate',
        'fast',
      ]);
      expect(bogus.code).toBe(2);
      expectOneClearLine(bogus.stderr, /--rate must be a positive number/);

      const ledger = join(dir, 'ledger.jsonl');
      const entry = {
        kind: 'plan',
        id: 'P-5ML4271244454362WXNWU5NQ',
        baseUrl: 'http://127.0.0.1:9',
        tokenField: 'billing.token',
      };
      writeFileSync(
        ledger,
        `${JSON.stringify({ ...entry, run: 'cnf7', check: 'a check', at: new Date().toISOString() })}
`,
      );
      const unreachable = await runCli(['cleanup', '--ledger', ledger, '--target', profile]);
      expect(unreachable.code).toBe(3);
      expectOneClearLine(unreachable.stderr, /^error: cannot reach http:\/\/127\.0\.0\.1:9: connection refused$/m);
    },
  );

  it('help is printed for each command, as `<command> --help` and as `help <command>`', async () => {
    for (const command of ['run', 'serve', 'rules', 'cleanup']) {
      const r = await runCli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: api-conformance ${command}`));
      const help = await runCli(['help', command]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(r.stdout);
    }
    const unknown = await runCli(['help', 'certify']);
    expect(unknown.code).toBe(2);
    expectOneClearLine(unknown.stderr, /help: unknown command "certify"/);
  });
});
