import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupCommandLine, commandLine, quoteArg, rerunPrefix, runPrefix, STARTED_AS } from './command-line.js';

// Re-run lines and the recorded command line start the way the user started the tool.

const root = '/home/dev/api-conformance';

describe('runPrefix', () => {
  it('follows npm scripts of this package', () => {
    expect(
      runPrefix({
        env: { npm_package_name: 'api-conformance', npm_lifecycle_event: 'start' },
        script: join(root, 'dist/cli/main.js'),
        cwd: root,
      }),
    ).toBe('npm start --');
    expect(
      runPrefix({
        env: { npm_package_name: 'api-conformance', npm_lifecycle_event: 'conformance' },
        script: join(root, 'dist/cli/main.js'),
        cwd: root,
      }),
    ).toBe('npm run conformance -- run');
  });

  it('keeps the package npx was given (a tarball, a folder), which the registry would not have', () => {
    const env = { npm_command: 'exec', npm_lifecycle_event: 'npx', npm_config_package: './api-conformance-0.1.0.tgz' };
    expect(runPrefix({ env, script: '/root/.npm/_npx/1/node_modules/.bin/api-conformance', cwd: '/srv/app' })).toBe(
      'npx --package=./api-conformance-0.1.0.tgz api-conformance run',
    );
    expect(
      cleanupCommandLine('l.jsonl', 't.json', {
        env: { ...env, npm_config_package: '/tmp/my tools/x.tgz' },
        script: '/root/.npm/_npx/2/node_modules/.bin/api-conformance',
      }),
    ).toBe("npx --package='/tmp/my tools/x.tgz' api-conformance cleanup --ledger l.jsonl --target t.json");
  });

  it('takes the start a parent command hands down (diff runs each side with run)', () => {
    const env = {
      [STARTED_AS]: 'npx api-conformance',
      npm_package_name: 'api-conformance',
      npm_lifecycle_event: 'start',
    };
    expect(runPrefix({ env, script: join(root, 'dist/cli/main.js'), cwd: root })).toBe('npx api-conformance run');
  });

  it('says npx under npx, and for the bin link of the project at hand', () => {
    expect(
      runPrefix({
        env: { npm_command: 'exec', npm_lifecycle_event: 'npx' },
        script: '/root/.npm/_npx/1/node_modules/.bin/api-conformance',
        cwd: '/srv/app',
      }),
    ).toBe('npx api-conformance run');
    // a script of another package that calls the tool
    expect(
      runPrefix({
        env: { npm_package_name: 'shop', npm_lifecycle_event: 'conformance' },
        script: '/srv/app/node_modules/.bin/api-conformance',
        cwd: '/srv/app',
      }),
    ).toBe('npx api-conformance run');
    expect(runPrefix({ env: {}, script: '/usr/local/bin/api-conformance', cwd: '/srv/app' })).toBe(
      'api-conformance run',
    );
  });

  it('repeats `node <path>` when run from the repository or by path, whatever npm variables it inherited', () => {
    expect(
      runPrefix({
        env: { npm_command: 'exec', npm_lifecycle_event: 'npx' },
        script: join(root, 'dist/cli/main.js'),
        cwd: root,
      }),
    ).toBe('node dist/cli/main.js run');
    expect(runPrefix({ env: {}, script: join(root, 'dist/cli/main.js'), cwd: root })).toBe('node dist/cli/main.js run');
    expect(runPrefix({ env: {}, script: '/opt/my tools/dist/cli/main.js', cwd: root })).toBe(
      "node '/opt/my tools/dist/cli/main.js' run",
    );
  });

  it('falls back to npx when nothing tells', () => {
    expect(runPrefix({ env: {}, script: '/somewhere/else.js', cwd: root })).toBe('npx api-conformance run');
  });
});

describe('rerunPrefix and commandLine', () => {
  const invocation = { env: {}, script: join(root, 'dist/cli/main.js'), cwd: root };

  it('keeps every flag that changes what the checks see as typed, and writes into a rerun folder of its own', () => {
    const line = rerunPrefix(
      {
        target: 'profiles/staging env.json',
        suite: 'billing',
        runs: '50',
        'timeout-ms': '2000',
        concurrency: '2',
        'report-dir': 'out/ci',
        faults: 'a,b',
        variant: 'c',
      },
      invocation,
    );
    expect(line).toBe(
      "node dist/cli/main.js run --target 'profiles/staging env.json' --suite billing --runs 50 " +
        '--timeout-ms 2000 --concurrency 2 --faults a,b --variant c --report-dir out/ci/rerun',
    );
    // Without --report-dir the run wrote to reports/out: the re-run must not overwrite it.
    expect(rerunPrefix({}, invocation)).toBe('node dist/cli/main.js run --report-dir reports/out/rerun');
    // Re-running a re-run stays in the same rerun folder.
    expect(rerunPrefix({ 'report-dir': 'out/ci/rerun/' }, invocation)).toBe(
      'node dist/cli/main.js run --report-dir out/ci/rerun',
    );
  });

  it('records the command line with credentials in URLs redacted', () => {
    expect(commandLine('run', ['--base-url', 'https://u:pw@x.test/api', '--grep', 'create plan (x)'], invocation)).toBe(
      "node dist/cli/main.js run --base-url 'https://[REDACTED]@x.test/api' --grep 'create plan (x)'",
    );
  });

  it('records a proxy or diff command as itself, under npm start too', () => {
    expect(commandLine('proxy', ['--upstream', 'https://x.test'], invocation)).toBe(
      'node dist/cli/main.js proxy --upstream https://x.test',
    );
    const npmStart = { ...invocation, env: { npm_package_name: 'api-conformance', npm_lifecycle_event: 'start' } };
    expect(commandLine('run', ['--seed', '7'], npmStart)).toBe('npm start -- --seed 7');
    expect(commandLine('diff', ['--target', 'reference', '--target', 'b.json'], npmStart)).toBe(
      'npm run conformance -- diff --target reference --target b.json',
    );
  });

  it('quotes only what the shell would read otherwise', () => {
    expect(quoteArg('https://x.test:8443/v1')).toBe('https://x.test:8443/v1');
    expect(quoteArg("it's")).toBe(`'it'\\''s'`);
  });
});

describe('cleanupCommandLine', () => {
  it('starts the way run was started, with the ledger and the profile', () => {
    expect(
      cleanupCommandLine('reports/out/ledger.jsonl', 'staging env.json', {
        env: {},
        script: join(root, 'dist/cli/main.js'),
        cwd: root,
      }),
    ).toBe("node dist/cli/main.js cleanup --ledger reports/out/ledger.jsonl --target 'staging env.json'");
    expect(
      cleanupCommandLine('out/ledger.jsonl', 'staging.json', {
        env: { npm_package_name: 'api-conformance', npm_lifecycle_event: 'start' },
        script: join(root, 'dist/cli/main.js'),
        cwd: root,
      }),
    ).toBe('npm run conformance -- cleanup --ledger out/ledger.jsonl --target staging.json');
    expect(cleanupCommandLine('l.jsonl', 't.json', { env: {}, script: '/somewhere/else.js', cwd: root })).toBe(
      'npx api-conformance cleanup --ledger l.jsonl --target t.json',
    );
  });
});
