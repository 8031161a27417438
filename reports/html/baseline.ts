import { gateHeadline, gateMeaning } from '../baseline-text.js';
import type { BaselineEntry, BaselineFailure, ConformanceReport } from '../model.js';
import { html, type Html } from './markup.js';
import { ruleLinks } from './rule-parts.js';

// report.html of a gated run (run --baseline): that a baseline gated its exit code, so a
// certifier never takes it for a clean certification, and every failure and entry with what the
// gate made of it: new and expired ones fail it, fixed ones are to be removed.

type Row = [what: string, item: BaselineFailure | BaselineEntry];

const ROW_CLASS: Record<string, string> = { new: 's-failed', expired: 's-failed', fixed: 's-passed' };

function row([what, item]: Row): Html {
  const entry = 'ticket' in item ? item : undefined;
  return html`<tr class="${ROW_CLASS[what] ?? ''}"><td>${what}</td><td>${ruleLinks([item.rule])}</td>\
<td>${item.check}</td><td>${item.cause}</td><td>${entry?.ticket ?? ''}</td><td>${entry?.expires ?? ''}</td></tr>`;
}

export function baselineSection(report: ConformanceReport): Html {
  const gate = report.baseline;
  if (!gate) return html``;
  const rows: Row[] = [
    ...gate.new.map((item): Row => ['new', item]),
    ...gate.expired.map((item): Row => ['expired', item]),
    ...gate.fixed.map((item): Row => ['fixed', item]),
    ...gate.known.map((item): Row => ['known', item]),
    ...gate.unchecked.map((item): Row => ['not checked', item]),
  ];
  const fails = gate.new.length + gate.expired.length > 0;
  return html`<section id="baseline"><h2>Baseline <span class="muted">· the exit code was gated</span></h2>
<div class="banner${fails ? ' bad' : ''}" id="baseline-gate"><strong>${gateHeadline(gate)}.</strong> \
${gateMeaning(gate)}</div>
${
  rows.length > 0
    ? html`<div class="table-wrap"><table class="baseline"><thead><tr><th>gate</th><th>rule</th><th>check</th>\
<th>cause</th><th>ticket</th><th>expires</th></tr></thead><tbody>${rows.map(row)}</tbody></table></div>`
    : html``
}
</section>`;
}
