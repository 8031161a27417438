import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import { validateHar } from '../contracts/validate.js';
import { FIXTURES } from '../reference/fixtures.js';
import type { ConformanceReport } from '../reports/model.js';
import { writeOfflineProject } from './test-support/offline-install.js';
import { runShell, type CliResult } from './test-support/run-cli.js';

// The package as a user gets it: `npm pack`, installed from the tarball into an empty folder,
// then `npx api-conformance --help` and a default run there. The tarball packs the dist/ that
// `npm run build` made (npm test builds first; `npm pack` would rebuild it with the same script
// while other tests read it). Installed offline, from what `npm ci` put in npm's cache.
// The default run's exchanges.har is checked here too: HAR 1.2, every request the summary counts,
// each entry tagged with its check and the rules it informed, and no credential anywhere.

const dir = mkdtempSync(join(tmpdir(), 'cli-packed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** As typed in a shell, offline: no npm script around it, no registry within reach. */
const SHELL_ENV = {
  npm_lifecycle_event: '',
  npm_command: '',
  npm_package_name: '',
  npm_config_offline: 'true',
  npm_config_update_notifier: 'false',
};
const sh = (line: string, cwd: string, timeoutMs = 120_000): Promise<CliResult> =>
  runShell(line, { cwd, env: SHELL_ENV, timeoutMs });

interface Har {
  log: {
    entries: Array<{ request: { headers: Array<{ name: string; value: string }> }; _check: string; _rules: string[] }>;
  };
}

describe('the packed package', () => {
  it('keeps the run bit of its command, installs from the tarball offline and runs in an empty folder', async () => {
    const main = join(packageRoot(), 'dist', 'cli', 'main.js');
    expect(statSync(main).mode & 0o111, `${main} is not executable: build with \`npm run build\``).not.toBe(0);
    const pack = await sh(`npm pack --ignore-scripts --silent --pack-destination ${dir}`, packageRoot());
    expect(pack.code, pack.stderr).toBe(0);
    const tarball = join(dir, pack.stdout.trim().split('\n').pop()!);
    const listing = await sh(`tar -tvzf ${tarball} package/dist/cli/main.js`, dir);
    expect(listing.stdout, 'the tarball keeps the run bit').toMatch(/^-rwxr-xr-x /);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeOfflineProject(project, tarball);
    const install = await sh('npm ci --no-audit --no-fund', project, 180_000);
    expect(install.code, install.stdout + install.stderr).toBe(0);

    const help = await sh('npx api-conformance --help', project);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: api-conformance <command>/);

    const run = await sh('npx api-conformance run --seed 7', project, 240_000);
    expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
    const reportDir = join(project, 'reports', 'out');
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.summary.verdict).toBe('CONFORMANT');
    // The command recorded is the one typed, in the form typed.
    expect(report.settings.commandLine).toBe('npx api-conformance run --seed 7');

    const text = readFileSync(join(reportDir, 'exchanges.har'), 'utf8');
    const har = JSON.parse(text) as Har;
    expect(validateHar(har)).toEqual([]);
    expect(har.log.entries.length).toBe(report.summary.requests);
    expect(har.log.entries.every((entry) => entry._check !== '' && Array.isArray(entry._rules))).toBe(true);
    expect(har.log.entries.some((entry) => entry._rules.length > 0)).toBe(true);
    for (const token of [FIXTURES.billingToken, FIXTURES.pushUser.token, FIXTURES.readUser.token])
      expect(text).not.toContain(token);
    const authorizations = har.log.entries.flatMap((entry) =>
      entry.request.headers.filter((header) => header.name.toLowerCase() === 'authorization'),
    );
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations.map((header) => header.value))).toEqual(new Set(['Bearer [REDACTED]']));
    expect(run.stdout).toContain(
      `exchanges: ${join(reportDir, 'exchanges.har')} (${report.summary.requests} exchanges, HAR 1.2)`,
    );

    // A failure's re-run line starts as the run did, and works as printed in that folder.
    const fault = await sh(
      "npx api-conformance run --suite assignees --faults user-id-string --grep 'add assignees answers 201' --seed 9",
      project,
    );
    expect(fault.code, fault.stdout + fault.stderr).toBe(1);
    const rerun = /^\s+re-run: (.*)$/m.exec(fault.stdout)?.[1];
    expect(rerun).toBe(
      'npx api-conformance run --suite assignees --faults user-id-string --report-dir ' +
        "reports/out/rerun --seed 9 --grep 'add assignees answers 201 with the full Issue'",
    );
    const again = await sh(rerun!, project);
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(again.stdout).toContain('FAIL assignees.user.id.type  add assignees answers 201 with the full Issue');
  }, 420_000);
});
