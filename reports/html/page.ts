import type { ConformanceReport } from '../model.js';
import { baselineSection } from './baseline.js';
import { clientMistakesSection } from './client-mistakes.js';
import { errorCauses, errorsSection } from './errors.js';
import { failuresSection } from './failures.js';
import { html, joined, trustedHtml } from './markup.js';
import { observationsSection } from './observations.js';
import { rulesSection } from './rules-by-area.js';
import { runSection } from './run-table.js';
import { SCRIPT, SCRIPT_HASH } from './script.js';
import { STYLE } from './style.js';
import { verdictSection } from './verdict.js';

export { areaId } from './rules-by-area.js';

// report.html: one self-contained file (inline CSS, one small inline script, nothing loaded)
// that a certifier opens on a laptop or prints. In reading order: the verdict and counts, the
// failures with their evidence, the checks that reached no verdict, a proxied client's
// mistakes, every rule by area
// (collapsed, searchable), what was observed, and the settings of the run. The policy lets
// only the page's own script run, so even markup that slipped through could not act.

const POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src ${SCRIPT_HASH}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function renderHtml(report: ConformanceReport): string {
  const errored = errorCauses(report.rules);
  const nav = [
    report.baseline ? html`<a href="#baseline">Baseline</a>` : '',
    html`<a href="#failures">Failures</a>`,
    errored.length > 0 ? html`<a href="#errors">Checks without a verdict</a>` : '',
    report.clientMistakes?.length ? html`<a href="#client-mistakes">Client mistakes</a>` : '',
    html`<a href="#rules">Rules by area</a>`,
    html`<a href="#run">Run</a>`,
  ].filter((link) => link !== '');
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<title>${report.summary.verdict} · conformance report · ${report.target.baseUrl}</title>\
<style>${trustedHtml(STYLE)}</style></head>
<body>
${verdictSection(report)}
<nav class="muted">${joined(nav, ' · ')}</nav>
${baselineSection(report)}
${failuresSection(report.rules)}
${errorsSection(errored)}
${clientMistakesSection(report.clientMistakes)}
${rulesSection(report, errored)}
${observationsSection(report.rules)}
${runSection(report)}
<p class="muted">Levels: MUST is stated by the spec and gates the verdict; SHOULD is HTTP practice the spec implies, \
reported as a warning. A rule is proven when a reference fault that breaks it made its checks fail. Credentials are \
redacted from every exchange.</p>
<script>${trustedHtml(SCRIPT)}</script>
</body></html>
`;
  return page.text;
}
