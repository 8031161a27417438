import type { ConformanceReport } from '../model.js';
import { rateText } from '../rate-text.js';
import { html, joined, plural, type Html } from './markup.js';

// What was run: the target, its sections, the seed and every setting that shapes what the
// checks saw, so that the run can be repeated and a fault run never passes for a clean one.

type Row = [id: string | undefined, label: string, value: Html | string | number];

function codeList(items: readonly string[]): Html | string {
  return items.length > 0
    ? joined(
        items.map((item) => html`<code>${item}</code>`),
        ', ',
      )
    : 'none';
}

export function runSection(report: ConformanceReport): Html {
  const settings = report.settings;
  const optional: Array<Row | false> = [
    settings.commandLine !== undefined && [
      'run-command',
      'command line',
      html`<code class="line">${settings.commandLine}</code>`,
    ],
    settings.quickLook === true && [
      'run-quick-look',
      'mode',
      'quick look: no target profile, so no credentials; only checks that need none ran',
    ],
    settings.proxy !== undefined && [
      'run-proxy',
      'proxy session',
      html`a client's traffic to <code class="line">${settings.proxy.upstream}</code>\
: ${plural(settings.proxy.exchanges, 'exchange')} judged`,
    ],
    settings.faults !== undefined && ['run-faults', 'reference faults', codeList(settings.faults)],
    settings.variants !== undefined && ['run-variants', 'reference variants', codeList(settings.variants)],
    settings.approval !== undefined && [
      'run-approval',
      'approval mode',
      settings.approval === null ? 'none given (no billing section)' : html`<code>${settings.approval}</code>`,
    ],
    rateText(settings) !== '' && ['run-rate', 'request rate', rateText(settings)],
    settings.settleMs !== undefined && ['run-settle', 'settle time', `${settings.settleMs} ms`],
  ];
  const sections = Object.entries(report.target.sections).map(([name, section]): Row => [
    `run-section-${name}`,
    `${name} section`,
    section.certified ? 'certified' : `not certified: ${section.reason ?? 'no reason recorded'}`,
  ]);
  const rows: Row[] = [
    ['run-target', 'target', html`<code class="line">${report.target.baseUrl}</code>`],
    ...sections,
    ...optional.filter((row): row is Row => row !== false),
    // A proxy session generates nothing: it has no seed nor runs per property.
    ...(settings.proxy
      ? []
      : ([
          ['run-seed', 'seed', html`<code>${report.seed}</code>`],
          [undefined, 'runs per property', settings.runs],
        ] as Row[])),
    [undefined, 'concurrency', settings.concurrency],
    [undefined, 'request timeout', `${settings.timeoutMs} ms`],
    [undefined, 'suites', settings.suites.join(', ')],
    [undefined, 'grep', settings.grep ?? '(none)'],
    [undefined, 'shard', settings.shard ?? '(none)'],
  ];
  const cells = rows.map(
    ([id, label, value]) => html`<tr${id ? html` id="${id}"` : ''}><td>${label}</td><td>${value}</td></tr>`,
  );
  return html`<section id="run"><h2>Run</h2>
<table class="meta"><tbody>${cells}</tbody></table>
</section>`;
}
