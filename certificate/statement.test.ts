import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateAttestation } from '../contracts/validate.js';
import type { ConformanceReport } from '../reports/model.js';
import { REPORT_FILES } from '../reports/write-reports.js';
import { sha256Hex } from './digest.js';
import { PREDICATE_TYPE } from './predicate.js';
import { shippedSpecDigests } from './spec-digests.js';
import { ATTESTATION_FILE, parseStatement, STATEMENT_TYPE, type Statement } from './statement.js';
import { certifiedFolder } from './test-support/certified-folder.js';
import { inTotoStatementProblems } from './test-support/published-structure.js';

// attestation.json is an in-toto Statement v1 (the published layout) whose predicate holds what
// the brief of a certificate lists: tool and version, both spec digests, target, seed, times, and
// the verdict and counts of the run and of each API.

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function written(): Promise<{ dir: string; text: string; statement: Statement; report: ConformanceReport }> {
  const dir = await certifiedFolder();
  folders.push(dir);
  const text = readFileSync(join(dir, ATTESTATION_FILE), 'utf8');
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
  return { dir, text, statement: JSON.parse(text) as Statement, report };
}

describe('attestation.json', () => {
  it("follows the in-toto Statement v1 layout, and this tool's predicate schema", async () => {
    const { text, statement } = await written();
    expect(inTotoStatementProblems(statement)).toEqual([]);
    expect(Object.keys(statement)).toEqual(['_type', 'subject', 'predicateType', 'predicate']);
    expect(statement._type).toBe(STATEMENT_TYPE);
    expect(statement.predicateType).toBe(PREDICATE_TYPE);
    expect(validateAttestation(statement)).toEqual([]);
    expect('statement' in parseStatement(text)).toBe(true);
  });

  it('names every report file, the HAR and the badge by its SHA-256, and nothing else', async () => {
    const { dir, statement } = await written();
    const names = statement.subject.map((subject) => subject.name);
    expect(names).toEqual([...REPORT_FILES, 'exchanges.har', 'badge-billing.svg']);
    for (const { name, digest } of statement.subject) {
      expect(Object.keys(digest)).toEqual(['sha256']);
      expect(digest.sha256, name).toBe(sha256Hex(readFileSync(join(dir, name))));
    }
  });

  it('holds the tool, the spec digests, the target, the seed, the times and the verdicts', async () => {
    const { statement, report } = await written();
    const p = statement.predicate;
    expect(p.tool).toEqual(report.tool);
    expect(p.specs).toEqual(shippedSpecDigests());
    expect(p.specs.map((spec) => spec.name)).toEqual(['spec/billing.md', 'spec/assignees.md']);
    expect(p.target).toEqual({ baseUrl: report.target.baseUrl });
    expect(p.seed).toBe(report.seed);
    expect(p.startedAt).toBe(report.startedAt);
    expect(Date.parse(p.finishedAt) - Date.parse(p.startedAt)).toBe(report.durationMs);
    expect(p.verdict).toBe(report.summary.verdict);
    expect(p.counts).toMatchObject({
      rules: report.summary.rules,
      passed: report.summary.passed,
      mustPassed: report.summary.mustPassed,
    });
    expect(p.sections).toEqual(report.summary.sections);
    expect(p.sections.assignees.verdict).toBe('NOT_CERTIFIED');
  });

  it('is refused, with the reason, when it is not a statement of this tool', async () => {
    const { statement } = await written();
    const problems = (value: unknown) =>
      'problems' in parseStatement(JSON.stringify(value))
        ? (parseStatement(JSON.stringify(value)) as { problems: string[] }).problems
        : [];
    expect(problems({ ...statement, _type: 'https://in-toto.io/Statement/v0.1' })).toHaveLength(1);
    expect(problems({ ...statement, predicateType: 'https://slsa.dev/provenance/v1' })).toHaveLength(1);
    expect(
      problems({ ...statement, subject: [{ name: 'conformance.json', digest: { sha256: 'ABC' } }] }).join(),
    ).toMatch(/sha256/);
    // Members in-toto's parsing rules tell consumers to ignore are not refused.
    expect(problems({ ...statement, extension: { any: 1 } })).toEqual([]);
  });
});
