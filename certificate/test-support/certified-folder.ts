import type { KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rule } from '../../contracts/rule.js';
import { buildReport, type RunInfo } from '../../reports/build-report.js';
import { HAR_FILE } from '../../reports/har.js';
import type { CheckResult } from '../../reports/model.js';
import { checkMeta } from '../../reports/test-support/check-results.js';
import { runInfo } from '../../reports/test-support/run-info.js';
import { writeReports } from '../../reports/write-reports.js';
import { writeCertificate } from '../write-certificate.js';

// A report folder as a run leaves it, made in a few milliseconds: the four reports of a small
// run (billing certified, assignees left out), an exchanges.har, then the certificate.

const CATALOG: Rule[] = [
  {
    id: 'billing.plan.name.length',
    title: 'Plan name is 1..127 characters',
    level: 'MUST',
    spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
    kind: 'limit',
    contracts: [],
  },
  {
    id: 'assignees.add.status-201',
    title: 'Add answers 201',
    level: 'MUST',
    spec: { file: 'assignees.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Add' },
    kind: 'status-code',
    contracts: [],
  },
];

const PASSED: CheckResult = {
  name: 'create plan takes a 127-character name',
  file: 'billing/limits',
  state: 'passed',
  durationMs: 4,
  meta: checkMeta({ rules: ['billing.plan.name.length'] }),
};

export const ONE_SECTION: Pick<RunInfo, 'sections'> = {
  sections: {
    billing: { certified: true },
    assignees: { certified: false, reason: 'the target profile has no assignees section' },
  },
};

export async function certifiedFolder(
  signingKey?: KeyObject,
  sections: Pick<RunInfo, 'sections'> = ONE_SECTION,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  writeReports(buildReport([PASSED], CATALOG, runInfo(sections)), dir, []);
  const creator = { name: 'api-conformance', version: '0.0.0' };
  writeFileSync(join(dir, HAR_FILE), `${JSON.stringify({ log: { version: '1.2', creator, entries: [] } })}\n`);
  await writeCertificate(dir, signingKey);
  return dir;
}
