// The action's outputs, read from the report folder the run wrote: the verdict (conformance.json's
// summary.verdict), the folder itself (absolute, for the artifact step) and conformance.sarif (for
// the code scanning upload), each empty when the run wrote none. A run that wrote no report (a bad
// flag or profile, exit 2) gets a line in the job summary pointing at the log, which says why.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const env = process.env;
const dir = resolve(env.INPUT_REPORT_DIR || 'conformance');
const report = join(dir, 'conformance.json');
const sarif = join(dir, 'conformance.sarif');

const verdict = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).summary.verdict : '';
const outputs = {
  verdict,
  'report-dir': existsSync(dir) ? dir : '',
  sarif: existsSync(sarif) ? sarif : '',
};
appendFileSync(
  env.GITHUB_OUTPUT,
  Object.entries(outputs)
    .map(([name, value]) => `${name}=${value}\n`)
    .join(''),
);
const code = env.RUN_EXIT_CODE || 'none';
console.log(`verdict ${verdict || '(none)'}, exit code ${code}, reports in ${dir}`);

if (!verdict && env.GITHUB_STEP_SUMMARY) {
  appendFileSync(
    env.GITHUB_STEP_SUMMARY,
    `### api-conformance wrote no report (exit ${code})\n\nThe job log of the run step says why, in one line.\n`,
  );
}
