import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../contracts/rules/index.js';
import type { Rule } from '../contracts/rule.js';
import { buildReport } from '../reports/build-report.js';
import { failedCheck } from '../reports/test-support/check-results.js';
import { runInfo } from '../reports/test-support/run-info.js';
import {
  ANNOTATIONS_PER_LEVEL,
  STEP_SUMMARY_LIMIT,
  appendStepSummary,
  tellGithubStep,
  workflowAnnotations,
} from './github-step.js';

// A run in a GitHub Actions step: annotations at the spec line of each failed or warned rule,
// escaped as workflow commands require and bounded as GitHub shows them, and summary.md appended
// to the job summary within its 1 MiB.

const dir = mkdtempSync(join(tmpdir(), 'github-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAME_LENGTH = ruleById('billing.plan.name.length')!;
const UK_REFUSED = ruleById('billing.country_code.uk-refused')!;

const failing = (rule: Rule, message: string, received?: string) =>
  failedCheck(`a check of ${rule.id}`, {
    rule: rule.id,
    message,
    expected: 'a 4xx refusal',
    ...(received !== undefined ? { received } : {}),
    exchanges: [],
  });

describe('workflow annotations', () => {
  const report = buildReport(
    [
      failing(NAME_LENGTH, 'the request was not refused: 100% taken,\nsee below', 'status 201'),
      failing(UK_REFUSED, 'UK was taken'),
    ],
    [NAME_LENGTH, UK_REFUSED],
    runInfo(),
  );

  it('puts a failed MUST rule as an error at its spec line, its data escaped (% CR LF)', () => {
    const [error] = workflowAnnotations(report);
    expect(error).toBe(
      `::error file=spec/billing.md,line=${NAME_LENGTH.spec.lines.from},endLine=${NAME_LENGTH.spec.lines.to},` +
        `title=billing.plan.name.length::${NAME_LENGTH.title}.%0Athe request was not refused: 100%25 taken, see ` +
        'below%0AExpected: a 4xx refusal.%0AReceived: status 201.%0ACheck: a check of billing.plan.name.length.',
    );
    expect(error.split('\n')).toHaveLength(1);
  });

  it('puts a warned SHOULD rule as a warning', () => {
    expect(workflowAnnotations(report)[1]).toMatch(
      new RegExp(`^::warning file=spec/billing\\.md,line=${UK_REFUSED.spec.lines.from},.*title=${UK_REFUSED.id}::`),
    );
  });

  it('escapes : and , in properties', () => {
    const odd = { ...NAME_LENGTH, id: 'billing.odd:id,here' };
    const oddReport = buildReport([failing(odd, 'x')], [odd], runInfo());
    expect(workflowAnnotations(oddReport)[0]).toContain(',title=billing.odd%3Aid%2Chere::');
  });

  it('prints no more annotations than GitHub shows per level, and counts the rest in a notice', () => {
    const musts = RULES.filter((rule) => rule.level === 'MUST').slice(0, ANNOTATIONS_PER_LEVEL + 3);
    const many = buildReport(
      musts.map((rule) => failing(rule, 'broken')),
      musts,
      runInfo(),
    );
    const lines = workflowAnnotations(many);
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(ANNOTATIONS_PER_LEVEL);
    expect(lines.at(-1)).toMatch(/^::notice title=api-conformance::3 more failed or warned rule\(s\)/);
  });
});

describe('the job summary', () => {
  it('takes summary.md whole when it fits, after what the step wrote before', () => {
    const file = join(dir, 'small.md');
    writeFileSync(file, 'before\n');
    appendStepSummary(file, '# ✅ CONFORMANT\n', 'reports/out/summary.md');
    expect(readFileSync(file, 'utf8')).toBe('before\n# ✅ CONFORMANT\n');
  });

  it('cuts it at a whole line within 1 MiB, saying so, when it would not fit', () => {
    const file = join(dir, 'large.md');
    writeFileSync(file, 'x'.repeat(1000) + '\n');
    const line = `| ✅ ${'é'.repeat(60)} |\n`;
    appendStepSummary(file, line.repeat(20_000), '/r/summary.md');
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT);
    expect(statSync(file).size).toBeGreaterThan(STEP_SUMMARY_LIMIT - 200);
    expect(text).not.toContain('\uFFFD');
    expect(text.endsWith('GitHub takes 1 MiB of job summary per step. All of it: /r/summary.md._\n')).toBe(true);
    const body = text.slice(1001, text.indexOf('\n\n_The summary is cut here'));
    expect(
      body
        .trimEnd()
        .split('\n')
        .every((row) => row === line.trimEnd()),
    ).toBe(true);
  });

  it('appends nothing to a summary already full', () => {
    const file = join(dir, 'full.md');
    writeFileSync(file, 'x'.repeat(STEP_SUMMARY_LIMIT));
    expect(appendStepSummary(file, 'more\n', 's')).toBe('');
    expect(statSync(file).size).toBe(STEP_SUMMARY_LIMIT);
  });
});

describe('a run in a GitHub Actions step', () => {
  const token = 'sekret-token-1234';
  const report = buildReport([failing(NAME_LENGTH, `sent ${token}`)], [NAME_LENGTH], runInfo());

  it('appends summary.md and prints the annotations, with no secret, only when GITHUB_STEP_SUMMARY is set', () => {
    const summaryFile = join(dir, 'step-summary.md');
    writeFileSync(join(dir, 'summary.md'), '# ❌ NON_CONFORMANT\n');
    const lines: string[] = [];
    tellGithubStep(report, dir, [token], (line) => lines.push(line), {});
    expect(lines).toEqual([]);
    tellGithubStep(report, dir, [token], (line) => lines.push(line), { GITHUB_STEP_SUMMARY: summaryFile });
    expect(readFileSync(summaryFile, 'utf8')).toBe('# ❌ NON_CONFORMANT\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::error file=spec\/billing\.md,/);
    expect(lines[0]).not.toContain(token);
  });
});
