import type { ConformanceReport, RuleStatus } from '../model.js';
import { html, joined, plural, type Html } from './markup.js';

// The top of the page, what a certifier reads first: the verdict, the counts, how many passed
// MUST rules are proven, why the verdict is not plain, the diagnosis of a misbehaving target,
// and what limits the run (a section not
// certified, an interruption, a quick look, a proxy session, faults switched on in the
// reference).

/** Each count links to the rules; with the script on, a click shows only the rules of that status. */
function counts(report: ConformanceReport): Html {
  const s = report.summary;
  const stats: Array<[RuleStatus, string, number]> = [
    ['passed', 'passed', s.passed],
    ['failed', 'failed', s.failed],
    ['warning', 'warnings', s.warnings],
    ['error', 'errors', s.errors],
    ['skipped', 'skipped', s.skipped],
  ];
  const links = joined(
    stats.map(
      ([status, label, count]) =>
        html`<a class="stat s-${status}" href="#rules" data-filter="${status}"><b>${count}</b> ${label}</a>`,
    ),
    ' · ',
  );
  return html`<p class="tally" id="counts">${links} · of ${plural(s.rules, 'rule')} \
· ${plural(s.requests, 'request')} in ${(report.durationMs / 1000).toFixed(1)} s</p>`;
}

function banners(report: ConformanceReport): Html[] {
  const { summary: s, settings, target } = report;
  const notCertified = Object.entries(target.sections).filter(([, section]) => !section.certified);
  const interrupted = s.interrupted;
  return [
    notCertified.length > 0
      ? html`<div class="banner" id="scope">Not certified: ${joined(
          notCertified.map(([name, section]) => html`<b>${name}</b> (${section.reason ?? 'no reason recorded'})`),
          '; ',
        )}. The verdict speaks for the other rules only.</div>`
      : html``,
    interrupted
      ? html`<div class="banner" id="interrupted"><strong>Interrupted (${interrupted.signal})</strong>: only the \
checks that finished are reported.${
          interrupted.notCleanedUp.length > 0
            ? html`<div>Not cleaned up (what these created may remain on the target):</div>\
<ul>${interrupted.notCleanedUp.map((item) => html`<li>${item}</li>`)}</ul>`
            : ' Every running check cleaned up.'
        }</div>`
      : html``,
    settings.proxy
      ? html`<div class="banner" id="proxy">A <strong>proxy session</strong>: the traffic of a client \
to ${settings.proxy.upstream} was judged (${plural(settings.proxy.exchanges, 'exchange')}), not checks of the tool's \
own.</div>`
      : html``,
    settings.quickLook
      ? html`<div class="banner" id="quick-look"><strong>Quick look</strong>: no target profile, so no credentials; \
only the checks that need none ran.</div>`
      : html``,
    settings.faults !== undefined && settings.faults.length > 0
      ? html`<div class="banner bad" id="faults-on"><strong>A deliberately broken server</strong>: the embedded \
reference ran with ${plural(settings.faults.length, 'fault')} switched on (${settings.faults.join(', ')}).</div>`
      : html``,
  ];
}

/** Each API certified on its own: its verdict and how many of its MUST rules passed. */
function sections(report: ConformanceReport): Html {
  const items = Object.entries(report.summary.sections).map(([name, section]) => {
    const notCertified = section.verdict === 'NOT_CERTIFIED';
    const word = notCertified ? 'NOT CERTIFIED' : section.verdict;
    const verdict = html`<span class="verdict small v-${section.verdict}">${word}</span>`;
    const detail = notCertified ? section.note : `${section.mustPassed} of ${section.mustRules} MUST rules passed`;
    return html`<span class="section" id="section-${name}"><b>${name}</b> ${verdict} ${detail}</span>`;
  });
  return html`<p class="sections" id="sections">${joined(items, ' · ')}</p>`;
}

export function verdictSection(report: ConformanceReport): Html {
  const s = report.summary;
  const underVerdict = [
    s.verdictNote ? html`<p id="verdict-note">${s.verdictNote}.</p>` : html``,
    // What a misbehaving target did to the run (its share of 429s, the causes of checks without
    // a verdict, signs it keeps no state), and what would help: before anything else is read.
    s.diagnosis && s.diagnosis.lines.length > 0
      ? html`<div class="banner bad" id="diagnosis"><strong>Diagnosis of the target</strong>\
<ul>${s.diagnosis.lines.map((line) => html`<li>${line}</li>`)}</ul></div>`
      : html``,
    ...banners(report),
  ];
  return html`<header id="top">
<h1>Conformance report <code class="target">${report.target.baseUrl}</code></h1>
<p class="muted">${report.tool.name} ${report.tool.version} · \
started ${report.startedAt}${report.settings.proxy ? '' : ` · seed ${report.seed}`}</p>
<div class="verdict-line"><span class="verdict v-${s.verdict}" id="verdict">${s.verdict}</span>${counts(report)}</div>
${sections(report)}
<p id="proven"><b>${s.mustPassedProven} of the ${s.mustPassed}</b> MUST rules passed are proven: a broken reference \
server showed their checks can fail them.</p>
${underVerdict}
</header>`;
}
