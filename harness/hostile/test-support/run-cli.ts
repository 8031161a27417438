import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../../contracts/package-root.js';

// Runs the built CLI (dist/cli/main.js) against a target, with a hard kill after `killAfterMs`
// so a hanging checker fails the test instead of hanging it.

export interface HostileTokens {
  billing: string;
  push: string;
  read: string;
}

export function freshTokens(): HostileTokens {
  const tag = (): string => randomBytes(12).toString('hex');
  return { billing: `hostile-billing-${tag()}`, push: `hostile-push-${tag()}`, read: `hostile-read-${tag()}` };
}

/** A full profile (both sections, every fixture) whose tokens come from the environment. */
export function writeProfile(dir: string, baseUrl: string): string {
  const file = join(dir, 'target.json');
  const profile = {
    baseUrl,
    billing: {
      token: '${HOSTILE_BILLING_TOKEN}',
      productId: 'PROD-4CWK2S8EBB4FG3ZT1',
      approval: { mode: 'follow-link' },
    },
    assignees: {
      owner: 'octo-org',
      repo: 'hello-world',
      issueNumber: 1,
      pullNumber: 2,
      tokens: { push: '${HOSTILE_PUSH_TOKEN}', read: '${HOSTILE_READ_TOKEN}' },
      assignable: ['alice', 'bob'],
      notAssignable: 'mallory',
      privateRepo: { owner: 'octo-org', repo: 'secret', issueNumber: 1 },
    },
  };
  writeFileSync(file, `${JSON.stringify(profile, null, 2)}\n`);
  return file;
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** true when the process had to be killed at killAfterMs */
  killed: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  reportDir: string;
}

export function cliPath(): string {
  return join(packageRoot(), 'dist', 'cli', 'main.js');
}

export function runCli(
  args: string[],
  options: { env?: Record<string, string>; killAfterMs: number; reportDir?: string; killWhen?: Promise<unknown> },
): Promise<CliRun> {
  const reportDir = options.reportDir ?? mkdtempSync(join(tmpdir(), 'hostile-report-'));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cliPath(), ...args, '--report-dir', reportDir], {
      cwd: packageRoot(),
      env: { ...process.env, ...options.env, API_CONFORMANCE_DEBUG: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.killAfterMs);
    // A kill the test asked for (not a hang): `killed` stays false, `signal` says SIGKILL.
    void options.killWhen?.then(() => child.kill('SIGKILL'));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, killed, durationMs: Math.round(performance.now() - started), stdout, stderr, reportDir });
    });
  });
}

export const REPORT_FILES = ['conformance.json', 'junit.xml', 'summary.md', 'report.html'] as const;

/** Every file under dir (recursively) with its text. */
export function filesUnder(dir: string): Array<{ file: string; text: string }> {
  if (!existsSync(dir)) return [];
  const out: Array<{ file: string; text: string }> = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file));
    else out.push({ file, text: readFileSync(file, 'utf8') });
  }
  return out;
}

export interface ReportCheck {
  name: string;
  /** The check module: "billing/properties/shapes". */
  file: string;
  status: string;
  message?: string;
  received?: string;
  evidence?: Array<{ error?: string; response?: { status: number; headers: Record<string, string>; body: string } }>;
}

export interface ReportRule {
  id: string;
  status: string;
  checks: ReportCheck[];
}

export interface ConformanceJson {
  summary: {
    verdict: string;
    rules: number;
    passed: number;
    failed: number;
    errors: number;
    skipped: number;
    requests: number;
    verdictNote?: string;
    diagnosis?: { lines: string[]; advice: Array<{ change: string; why: string }> };
  };
  durationMs: number;
  rules: ReportRule[];
}

export function readReport(dir: string): ConformanceJson {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceJson;
}

/** Every check of every rule that ended as error or failed, de-duplicated by name. */
export function badChecks(report: ConformanceJson): ReportCheck[] {
  const seen = new Map<string, ReportCheck>();
  for (const rule of report.rules) {
    for (const check of rule.checks) {
      if ((check.status === 'error' || check.status === 'failed') && !seen.has(check.name)) seen.set(check.name, check);
    }
  }
  return [...seen.values()];
}
