import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import { runCli, runShell, type CliResult } from '../cli/test-support/run-cli.js';

// The GitHub Action (action.yml) as a job runs it: each step's script under action/, from the
// workspace, with the variables GitHub gives a step (its own GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// files, RUNNER_TEMP, GITHUB_ACTION_PATH). One run of the built CLI against the embedded reference
// with a fault, narrowed to the check that catches it (seconds), signed with a key given as the
// secret would be; its job summary, annotations, report folder and outputs are what is checked.
// setup-node, npm ci, upload-artifact and upload-sarif are GitHub's or npm's own: left out.

const ROOT = packageRoot();
const ACTION = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'github-action-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Step extends CliResult {
  outputs: Record<string, string>;
  summary: string;
}

/** A job: its workspace, runner temp folder, and the steps run so far by id. */
function job(name: string) {
  const root = join(dir, name);
  const workspace = join(root, 'workspace');
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp);
  let count = 0;
  /** Runs one step's script as GitHub would: bash (or node) from the workspace, with the step's env. */
  const step = async (command: string, env: Record<string, string>): Promise<Step> => {
    count += 1;
    const output = join(root, `output-${count}`);
    const summary = join(root, `summary-${count}.md`);
    writeFileSync(output, '');
    const result = await runShell(command.replace('$GITHUB_ACTION_PATH', ROOT), {
      cwd: workspace,
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_ACTION_PATH: ROOT,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: runnerTemp,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_ENV: join(root, 'env'),
        ...env,
      },
      timeoutMs: 120_000,
    });
    const outputs = Object.fromEntries(
      readFileSync(output, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return { ...result, outputs, summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
  };
  return { workspace, runnerTemp, step };
}

/** The step's `run:` line in action.yml, the one this test runs. */
function runLine(script: string): string {
  const line = new RegExp(`run: ((?:bash|node) "\\$GITHUB_ACTION_PATH/action/${script.replace('.', '\\.')}")`).exec(
    ACTION,
  );
  if (!line) throw new Error(`action.yml runs no step with action/${script}`);
  return line[1];
}

describe('the GitHub Action, its steps run as a job runs them', () => {
  const { workspace, runnerTemp, step } = job('fault');
  const steps: Record<string, Step> = {};
  let key: string;
  let gate: Step;

  beforeAll(async () => {
    const keys = join(dir, 'keys');
    const keygen = await runCli(['keygen', '--out', keys]);
    if (keygen.code !== 0) throw new Error(keygen.stderr);
    key = readFileSync(join(keys, 'signing-key.pem'), 'utf8');
    const inputs = { INPUT_REPORT_DIR: 'conformance', INPUT_TARGET: '', INPUT_BASE_URL: '' };
    steps.run = await step(runLine('run.sh'), {
      ...inputs,
      INPUT_SUITE: 'assignees',
      INPUT_SEED: '9',
      INPUT_BASELINE: '',
      INPUT_ARGS: '--faults user-id-string\n--grep add.assignees.answers.201',
      CONFORMANCE_SIGN_KEY: key,
    });
    steps.outputs = await step(runLine('outputs.mjs'), { ...inputs, RUN_EXIT_CODE: steps.run.outputs['exit-code'] });
    steps.cleanup = await step(runLine('cleanup.sh'), inputs);
    gate = await step(runLine('finish.sh'), {
      RUN_EXIT_CODE: steps.run.outputs['exit-code'],
      CLEANUP_EXIT_CODE: steps.cleanup.outputs['exit-code'],
    });
  }, 180_000);

  it('keeps the run step green and gives its exit code as an output; the last step fails the job with it', () => {
    expect(steps.run.code, steps.run.stdout.slice(-2000) + steps.run.stderr).toBe(0);
    expect(steps.run.outputs['exit-code']).toBe('1');
    expect(gate.code).toBe(1);
  });

  it('writes summary.md into the job summary, and an annotation at the broken rule spec line', () => {
    const summary = readFileSync(join(workspace, 'conformance', 'summary.md'), 'utf8');
    expect(steps.run.summary).toBe(summary);
    expect(summary).toMatch(/^# ❌ NON_CONFORMANT/);
    expect(steps.run.stdout).toMatch(
      /^::error file=spec\/assignees\.md,line=16,endLine=16,title=assignees\.user\.id\.type::User id is an integer\./m,
    );
  });

  it('gives the verdict, the report folder and the SARIF file as outputs; the folder holds every report', () => {
    const reportDir = join(workspace, 'conformance');
    expect(steps.outputs.code, steps.outputs.stderr).toBe(0);
    expect(steps.outputs.outputs).toEqual({
      verdict: 'NON_CONFORMANT',
      'report-dir': reportDir,
      sarif: join(reportDir, 'conformance.sarif'),
    });
    for (const file of ['conformance.json', 'summary.md', 'junit.xml', 'report.html', 'conformance.sarif'])
      expect(existsSync(join(reportDir, file)), file).toBe(true);
    for (const file of ['exchanges.har', 'ledger.jsonl', 'attestation.json', 'attestation.dsse.json'])
      expect(existsSync(join(reportDir, file)), file).toBe(true);
  });

  it('signs with the key from the secret, leaves no key file behind and prints nothing of it', async () => {
    const verified = await runCli([
      'verify',
      join(workspace, 'conformance'),
      '--key',
      join(dir, 'keys', 'signing-key.pub.pem'),
    ]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(readdirSync(runnerTemp)).toEqual([]);
    const body = key.split('\n')[1];
    for (const text of [steps.run.stdout, steps.run.stderr, steps.run.summary]) expect(text).not.toContain(body);
  });

  it('cleans up only with a target profile: the embedded reference ended with the run', () => {
    expect(steps.cleanup.code).toBe(0);
    expect(steps.cleanup.outputs['exit-code']).toBe('0');
    expect(steps.cleanup.stdout).toContain('no target profile');
  });

  it('reads every step output action.yml names from a step that writes it', () => {
    const written: Record<string, Step> = { run: steps.run, outputs: steps.outputs, cleanup: steps.cleanup };
    const named = [...ACTION.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)];
    expect(named.length).toBeGreaterThan(5);
    for (const [, id, output] of named) {
      expect(ACTION, `a step with id ${id}`).toMatch(new RegExp(`\\n {6}id: ${id}\\n`));
      expect(Object.keys(written[id].outputs), `steps.${id}.outputs.${output}`).toContain(output);
    }
  });

  it('declares every input its steps read', () => {
    const declared = new Set([...ACTION.matchAll(/^ {2}([a-z-]+):$/gm)].map((match) => match[1]));
    const read = [...ACTION.matchAll(/\$\{\{ inputs\.([a-z-]+) \}\}/g)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(10);
    for (const input of read) expect(declared.has(input), input).toBe(true);
  });
});

describe('the run step', () => {
  // A stand-in for the CLI that prints its arguments and the mode of the key file it was given.
  const fake = join(dir, 'fake-cli.mjs');
  writeFileSync(
    fake,
    [
      "import { readFileSync, statSync } from 'node:fs';",
      'const args = process.argv.slice(2);',
      "const key = args[args.indexOf('--sign-key') + 1];",
      "const mode = args.includes('--sign-key') ? (statSync(key).mode & 0o777).toString(8) : null;",
      "const same = mode ? readFileSync(key, 'utf8') === process.env.CONFORMANCE_SIGN_KEY + '\\n' : null;",
      'console.log(JSON.stringify({ args, mode, same }));',
      'process.exit(Number(process.env.FAKE_EXIT ?? 0));',
    ].join('\n'),
  );
  chmodSync(fake, 0o755);

  it('passes each input as its flag, the baseline included, and the key as a file only its user reads', async () => {
    const { step } = job('arguments');
    const run = await step(runLine('run.sh'), {
      CONFORMANCE_CLI: fake,
      INPUT_TARGET: 'staging.json',
      INPUT_BASE_URL: 'https://staging.example.test',
      INPUT_SUITE: 'billing',
      INPUT_SEED: '42',
      INPUT_BASELINE: 'known-failures.json',
      INPUT_REPORT_DIR: 'out',
      INPUT_ARGS: '--runs 20  --strict',
      CONFORMANCE_SIGN_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
      FAKE_EXIT: '4',
    });
    const seen = JSON.parse(run.stdout.split('\n')[0]);
    const keyFile = seen.args[seen.args.indexOf('--sign-key') + 1];
    expect(seen.args).toEqual([
      'run',
      '--report-dir',
      'out',
      '--target',
      'staging.json',
      '--base-url',
      'https://staging.example.test',
      '--suite',
      'billing',
      '--seed',
      '42',
      '--baseline',
      'known-failures.json',
      '--sign-key',
      keyFile,
      '--runs',
      '20',
      '--strict',
    ]);
    expect([seen.mode, seen.same]).toEqual(['600', true]);
    expect(existsSync(keyFile)).toBe(false);
    expect(run.outputs['exit-code']).toBe('4');
  });

  it('leaves out the inputs not given, and a bad one ends as exit 2 with a line in the job summary', async () => {
    const { step } = job('usage');
    const bare = await step(runLine('run.sh'), { CONFORMANCE_CLI: fake, INPUT_REPORT_DIR: 'conformance' });
    expect(JSON.parse(bare.stdout.split('\n')[0]).args).toEqual(['run', '--report-dir', 'conformance']);
    const bad = await step(runLine('run.sh'), { INPUT_REPORT_DIR: 'conformance', INPUT_SEED: 'seven' });
    expect(bad.outputs['exit-code']).toBe('2');
    expect(bad.stderr).toMatch(/^error: .*seed/);
    const outputs = await step(runLine('outputs.mjs'), { INPUT_REPORT_DIR: 'conformance', RUN_EXIT_CODE: '2' });
    expect(outputs.outputs).toEqual({ verdict: '', 'report-dir': '', sarif: '' });
    expect(outputs.summary).toContain('wrote no report (exit 2)');
  });
});

describe('the cleanup and last steps', () => {
  it('runs cleanup with the profile and the run ledger, and reports its exit code without failing', async () => {
    const { workspace, step } = job('cleanup');
    mkdirSync(join(workspace, 'conformance'));
    const ledger = { kind: 'plan', id: 'P-1', baseUrl: 'http://127.0.0.1:9', tokenField: null, run: 'r', check: 'c' };
    writeFileSync(join(workspace, 'conformance', 'ledger.jsonl'), `${JSON.stringify({ ...ledger, at: 'now' })}\n`);
    const billing = { token: 't', productId: 'PROD-1', approval: { mode: 'none' } };
    writeFileSync(join(workspace, 'target.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', billing }));
    const cleanup = await step(runLine('cleanup.sh'), { INPUT_TARGET: 'target.json', INPUT_REPORT_DIR: 'conformance' });
    expect(cleanup.code).toBe(0);
    // 3: the target cannot be reached (nothing listens on port 9): the flags were taken.
    expect(cleanup.outputs['exit-code']).toBe('3');
    expect(cleanup.stdout).toContain('::warning title=api-conformance cleanup::cleanup exited 3');
  });

  it('fails the job with the run exit code, or with cleanup when the run passed', async () => {
    const { step } = job('gate');
    const gate = (run: string, cleanup: string) =>
      step(runLine('finish.sh'), { RUN_EXIT_CODE: run, CLEANUP_EXIT_CODE: cleanup });
    expect((await gate('0', '0')).code).toBe(0);
    expect((await gate('4', '0')).code).toBe(4);
    expect((await gate('1', '3')).code).toBe(1);
    expect((await gate('0', '1')).code).toBe(1);
    expect((await gate('', '')).code).toBe(70);
  });
});
