import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type HostileServer } from '../harness/hostile/test-support/servers.js';
import { writeProfile } from '../harness/hostile/test-support/run-cli.js';
import { referenceProfile } from '../reference/profile.js';
import { planTargetFor } from './plan-command.js';
import { runCli, type CliResult } from './test-support/run-cli.js';

// run --plan tells a vendor what its staging will hold after a run, and sends it nothing.

describe('run --plan', () => {
  let target: HostileServer;
  let plan: CliResult;
  const reportDir = join(mkdtempSync(join(tmpdir(), 'plan-')), 'report');

  beforeAll(async () => {
    target = await startRecordingServer();
    const profile = writeProfile(mkdtempSync(join(tmpdir(), 'plan-profile-')), target.url);
    plan = await runCli(
      [
        'run',
        '--plan',
        '--target',
        profile,
        '--suite',
        'billing',
        '--grep',
        'billing/scenarios/(plan-states|cycles)',
        '--seed',
        '7',
        '--runs',
        '3',
        '--report-dir',
        reportDir,
      ],
      {
        env: { HOSTILE_BILLING_TOKEN: 'b', HOSTILE_PUSH_TOKEN: 'p', HOSTILE_READ_TOKEN: 'r' },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  it('sends nothing to the target and writes no report', () => {
    expect(plan.code, plan.stderr).toBe(0);
    expect(target.requests).toEqual([]);
    expect(existsSync(reportDir)).toBe(false);
  });

  it(
    'prints the checks per module with their requests, plans and subscriptions, and says they ' +
      "are a conformant server's",
    () => {
      expect(plan.stdout).toMatch(
        new RegExp(
          `^plan of a run against ${target.url.replace(/\./g, '\\.')} \\(nothing is sent to it\\): ` +
            `seed 7, 3 runs per property, suites billing, --grep`,
          'm',
        ),
      );
      const row = (module: string): number[] => {
        const match = new RegExp(`^  ${module}\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$`, 'm').exec(plan.stdout);
        expect(match, `a row for ${module} in\n${plan.stdout}`).not.toBeNull();
        return match!.slice(1).map(Number);
      };
      const [checks, requests, plans] = row('billing/scenarios/plan-states');
      expect(checks).toBeGreaterThan(0);
      expect(requests).toBeGreaterThan(checks);
      expect(plans).toBeGreaterThan(0);
      const states = row('billing/scenarios/plan-states');
      const cycles = row('billing/scenarios/cycles');
      expect(row('total')).toEqual(states.map((n, i) => n + cycles[i]));
      expect(plan.stdout).toMatch(/These are the numbers of a conformant server/);
      expect(plan.stdout).toMatch(new RegExp(`the target holds ${row('total')[2]} more plans`));
    },
  );
});

describe('the profile a plan runs with', () => {
  const reference = referenceProfile('http://127.0.0.1:1');

  it("gives what the target profile gives, with the reference's values", () => {
    const target = planTargetFor(
      {
        baseUrl: 'https://staging.example.test',
        billing: { token: 't', productId: 'PROD-X', approval: { mode: 'none' } },
        assignees: { owner: 'o', repo: 'r', issueNumber: 5, tokens: { push: 'p' }, assignable: ['x', 'y'] },
      },
      reference,
    );
    expect(target.baseUrl).toBe(reference.baseUrl);
    expect(target.billing).toEqual({ ...reference.billing, approval: { mode: 'none' } });
    expect(target.assignees).toEqual({
      owner: reference.assignees.owner,
      repo: reference.assignees.repo,
      issueNumber: reference.assignees.issueNumber,
      tokens: { push: reference.assignees.tokens.push },
      assignable: reference.assignees.assignable.slice(0, 2),
    });
  });

  it('leaves out the sections the target lacks, and is the reference itself without a target', () => {
    expect(planTargetFor({ baseUrl: 'https://x.test' }, reference)).toEqual({ baseUrl: reference.baseUrl });
    expect(planTargetFor(undefined, reference)).toBe(reference);
  });
});
