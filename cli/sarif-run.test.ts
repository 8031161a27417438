import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import type { ConformanceReport } from '../reports/model.js';
import { FINGERPRINT_KEY, type SarifLog } from '../reports/sarif.js';
import { sarifSchemaProblems } from '../reports/test-support/sarif-schema.js';
import { runCli, type CliResult } from './test-support/run-cli.js';

// conformance.sarif of real fault runs (the built CLI against the embedded reference, a fault of
// each API, narrowed to the checks that catch them: a few seconds each): SARIF 2.1.0 by its schema,
// each failed rule at the line of its spec sentence, and the same fingerprints from two runs of
// the same faults with other seeds, ports, ids and times.

const dir = mkdtempSync(join(tmpdir(), 'sarif-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAULTS = 'plan-name-128-accepted,user-id-string';
const GREP = 'billing limits: create plan bodies|add assignees answers 201';

interface Run {
  result: CliResult;
  report: ConformanceReport;
  sarif: SarifLog;
  attestation: { subject: Array<{ name: string }> };
}

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

async function faultRun(seed: number): Promise<Run> {
  const reportDir = join(dir, `seed-${seed}`);
  const args = ['run', '--faults', FAULTS, '--grep', GREP, '--seed', String(seed), '--report-dir', reportDir];
  const result = await runCli(args);
  return {
    result,
    report: read(join(reportDir, 'conformance.json')),
    sarif: read(join(reportDir, 'conformance.sarif')),
    attestation: read(join(reportDir, 'attestation.json')),
  };
}

const specLines = (file: string): string[] => readFileSync(join(packageRoot(), file), 'utf8').split('\n');

describe('conformance.sarif of a fault run', () => {
  let runs: [Run, Run];
  beforeAll(async () => {
    runs = await Promise.all([faultRun(9), faultRun(10)]);
  }, 120_000);

  it('is SARIF 2.1.0 by its JSON Schema, and the attestation lists it', () => {
    for (const { result, sarif, attestation } of runs) {
      expect(result.code, result.stdout.slice(-2000) + result.stderr).toBe(1);
      expect(sarifSchemaProblems(sarif)).toEqual([]);
      expect(attestation.subject.map((subject) => subject.name)).toContain('conformance.sarif');
    }
  });

  it('finds each failed rule at the line of its spec sentence', () => {
    const [{ report, sarif }] = runs;
    const failed = report.rules.filter((rule) => rule.status === 'failed');
    expect(failed.map((rule) => rule.id).sort()).toEqual(['assignees.user.id.type', 'billing.plan.name.length']);
    const results = sarif.runs[0].results;
    for (const rule of failed) {
      const result = results.find((candidate) => candidate.ruleId === rule.id);
      expect(result, rule.id).toBeDefined();
      const { artifactLocation, region } = result!.locations[0].physicalLocation;
      expect(artifactLocation.uri).toBe(`spec/${rule.spec.file}`);
      expect(region).toEqual({ startLine: rule.spec.lines.from, endLine: rule.spec.lines.to });
      // The line is the sentence's: it holds the words the rule is anchored by.
      const line = specLines(artifactLocation.uri)[region.startLine - 1];
      expect(line.toLowerCase()).toContain(rule.spec.words.toLowerCase());
      expect(result!.level).toBe('error');
      expect(result!.locations[0].logicalLocations?.[0].name).toBeTruthy();
    }
  });

  it('gives two runs of the same faults the same fingerprints', () => {
    const prints = ({ sarif }: Run) =>
      sarif.runs[0].results.map((result) => [result.ruleId, result.partialFingerprints[FINGERPRINT_KEY]]);
    expect(prints(runs[0]).length).toBeGreaterThanOrEqual(2);
    expect(prints(runs[1])).toEqual(prints(runs[0]));
    // The runs did differ: seeds, and with them what the checks generated.
    expect(runs[1].report.seed).not.toBe(runs[0].report.seed);
    expect(runs[1].report.target.baseUrl).not.toBe(runs[0].report.target.baseUrl);
  });
});
