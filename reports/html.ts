import type { Exchange } from '../harness/exchange.js';
import type { CheckReport, ConformanceReport, RuleReport } from './model.js';
import { splitCounterexample } from './check-text.js';
import { escapeMarkup as e } from './escape.js';
import { rateText } from './rate-text.js';

// report.html: one self-contained file (inline CSS, no script, no external resource) that a
// certifier opens on a laptop or prints: the verdict, a table per area, every rule with its
// status, each failure's evidence, and the seed and settings of the run.

const STYLE = `
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--skip:#6e7781;--err:#8250df;--line:#d0d7de;--bg:#f6f8fa}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:24px;color:#1f2328}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
.verdict{display:inline-block;padding:6px 14px;border-radius:6px;color:#fff;font-weight:700;font-size:20px;letter-spacing:.5px}
.v-CONFORMANT{background:var(--ok)}.v-PARTIAL{background:var(--warn)}.v-INCOMPLETE{background:var(--warn)}.v-NON_CONFORMANT{background:var(--bad)}
table{border-collapse:collapse;width:100%;margin:6px 0 12px}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--bg)}td{overflow-wrap:anywhere}td.n{text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:normal}
.s{font-weight:600;white-space:nowrap}.s-passed{color:var(--ok)}.s-failed{color:var(--bad)}.s-warning{color:var(--warn)}.s-skipped{color:var(--skip)}.s-error{color:var(--err)}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}pre{background:var(--bg);border:1px solid var(--line);padding:8px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.meta td:first-child{width:180px;color:#57606a}.failure{border:1px solid var(--bad);border-left:5px solid var(--bad);border-radius:6px;padding:8px 12px;margin:10px 0;page-break-inside:avoid}
.failure.warning{border-color:var(--warn)}.failure h3{margin:0 0 6px;font-size:15px;overflow-wrap:anywhere}.kv{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px}.kv div{min-width:0;overflow-wrap:anywhere}.kv div:nth-child(odd){color:#57606a;overflow-wrap:normal}
code.line{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-all}.banner{border:1px solid var(--warn);border-left:5px solid var(--warn);border-radius:6px;padding:8px 12px;margin:10px 0}
details{margin:4px 0}summary{cursor:pointer}.muted{color:#57606a}
@media print{body{max-width:none;padding:0}details{display:block}details>summary{display:none}.failure{break-inside:avoid}}
`;

function statusCell(status: string): string {
  return `<span class="s s-${e(status)}">${e(status)}</span>`;
}

function exchangeBlock(exchange: Exchange, index: number): string {
  const req = exchange.request;
  const reqText = [`${req.method} ${req.url}`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`), ...(req.body !== undefined ? ['', req.body] : [])].join('\n');
  let resText: string;
  if (exchange.response) {
    const res = exchange.response;
    resText = [`HTTP ${res.status}`, ...Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`), '', res.body + (res.truncated ? '\n[… body cut for the report]' : '')].join('\n');
  } else {
    resText = `no response: ${exchange.error ?? 'unknown error'}`;
  }
  return `<div class="exchange"><div class="muted">exchange ${index + 1} (${exchange.durationMs} ms)</div><pre>${e(reqText)}</pre><pre>${e(resText)}</pre></div>`;
}

/** One failing check of a rule; `index` > 0 for the rule's further ones (their ids stay unique). */
function failureBlock(rule: RuleReport, check: CheckReport, index: number): string {
  const { message, counterexample } = splitCounterexample(check.message);
  const rows: Array<[string, string | undefined]> = [
    ['check', check.name],
    ['file', check.file],
    ['message', message],
    ['expected', check.expected],
    ['received', check.received],
    ['counterexample', counterexample],
    ['seed / path', check.seed !== undefined ? `${check.seed}${check.path ? ` / ${check.path}` : ''}` : undefined],
    ['re-run', check.rerun],
  ];
  const kv = rows
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `<div>${e(k)}</div><div>${k === 're-run' || k === 'counterexample' ? `<code class="line">${e(v!)}</code>` : e(v!)}</div>`)
    .join('');
  const curl = check.curl ? `<div class="muted">reproduce</div><pre>${e(check.curl)}</pre>` : '';
  const evidence = check.evidence.map(exchangeBlock).join('');
  const id = index === 0 ? `f-${rule.id}` : `f-${rule.id}-${index + 1}`;
  return `<div class="failure${rule.status === 'warning' ? ' warning' : ''}" id="${e(id)}">
<h3>${statusCell(rule.status)} <code>${e(rule.id)}</code> ${e(rule.title)}</h3>
<div class="muted">${e(rule.level)} · ${e(rule.spec.file)}, “${e(rule.spec.heading)}”</div>
<div class="kv">${kv}</div>${curl}
${evidence ? `<details open><summary>evidence (${check.evidence.length} exchange${check.evidence.length === 1 ? '' : 's'})</summary>${evidence}</details>` : ''}
</div>`;
}

/** A valid, readable HTML id for an area ("billing · schema" -> "area-billing-schema"). */
export function areaId(area: string): string {
  return `area-${area.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

function areaTables(report: ConformanceReport): string {
  const areas = new Map<string, RuleReport[]>();
  for (const rule of report.rules) {
    const area = `${rule.id.split('.')[0]} · ${rule.kind}`;
    areas.set(area, [...(areas.get(area) ?? []), rule]);
  }
  const overview = [...areas].sort(([a], [b]) => a.localeCompare(b));
  const summaryRows = overview
    .map(([area, rules]) => {
      const n = (s: string): number => rules.filter((r) => r.status === s).length;
      return `<tr><td><a href="#${areaId(area)}">${e(area)}</a></td><td class="n">${rules.length}</td><td class="n">${n('passed')}</td><td class="n">${n('failed')}</td><td class="n">${n('warning')}</td><td class="n">${n('error')}</td><td class="n">${n('skipped')}</td></tr>`;
    })
    .join('');
  const tables = overview
    .map(([area, rules]) => {
      const rows = rules
        .map((rule) => {
          const first = rule.checks.find((c) => c.status === (rule.status === 'error' ? 'error' : 'failed'));
          const note = first ? splitCounterexample(first.message).message : (rule.reason ?? rule.checks.find((c) => c.message)?.message ?? '');
          const link = rule.status === 'failed' || rule.status === 'warning' ? `<a href="#f-${e(rule.id)}">${e(rule.id)}</a>` : e(rule.id);
          return `<tr><td><code>${link}</code></td><td>${e(rule.level)}</td><td>${statusCell(rule.status)}</td><td>${e(rule.title)}</td><td class="muted">${e(note)}</td></tr>`;
        })
        .join('');
      return `<h3 id="${areaId(area)}">${e(area)}</h3><table><thead><tr><th>rule</th><th>level</th><th>status</th><th>statement</th><th>note</th></tr></thead><tbody>${rows}</tbody></table>`;
    })
    .join('');
  return `<table><thead><tr><th>area</th><th>rules</th><th>passed</th><th>failed</th><th>warnings</th><th>errors</th><th>skipped</th></tr></thead><tbody>${summaryRows}</tbody></table>${tables}`;
}

export function renderHtml(report: ConformanceReport): string {
  const s = report.summary;
  const failures = report.rules
    .filter((r) => r.status === 'failed' || r.status === 'warning' || r.status === 'error')
    // Every failing check of a rule: a vendor fixing one learns of the others too.
    .flatMap((rule) => rule.checks.filter((c) => c.status === 'failed' || c.status === 'error').map((check, index) => failureBlock(rule, check, index)))
    .join('\n');
  const sections = Object.entries(report.target.sections)
    .map(([name, section]) => `<tr><td>${e(name)}</td><td>${section.certified ? 'certified' : `not certified: ${e(section.reason ?? '')}`}</td></tr>`)
    .join('');
  const settings = report.settings;
  const list = (items: string[] | undefined): string => (items === undefined ? '' : items.length > 0 ? items.map((item) => `<code>${e(item)}</code>`).join(', ') : 'none');
  const runRows: Array<[string, string, string] | undefined> = [
    settings.commandLine !== undefined ? ['run-command', 'command line', `<code class="line">${e(settings.commandLine)}</code>`] : undefined,
    settings.quickLook ? ['run-quick-look', 'mode', 'quick look: no target profile, so no credentials; only checks that need none ran'] : undefined,
    settings.faults !== undefined ? ['run-faults', 'reference faults', list(settings.faults)] : undefined,
    settings.variants !== undefined ? ['run-variants', 'reference variants', list(settings.variants)] : undefined,
    settings.approval !== undefined ? ['run-approval', 'approval mode', settings.approval === null ? 'none given (no billing section)' : `<code>${e(settings.approval)}</code>`] : undefined,
    rateText(settings) ? ['run-rate', 'request rate', e(rateText(settings))] : undefined,
  ];
  const extraRows = runRows
    .filter((row): row is [string, string, string] => row !== undefined)
    .map(([id, label, value]) => `<tr id="${id}"><td>${e(label)}</td><td>${value}</td></tr>`)
    .join('\n');
  const interrupted = s.interrupted
    ? `<div class="banner" id="interrupted"><strong>Interrupted (${e(s.interrupted.signal)})</strong>: only the checks that finished are reported.${
        s.interrupted.notCleanedUp.length > 0 ? `<div>Not cleaned up (what these created may remain on the target):</div><ul>${s.interrupted.notCleanedUp.map((item) => `<li>${e(item)}</li>`).join('')}</ul>` : ' Every running check cleaned up.'
      }</div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(s.verdict)} · conformance report · ${e(report.target.baseUrl)}</title><style>${STYLE}</style></head>
<body>
<h1>Conformance report</h1>
<p class="muted">${e(report.tool.name)} ${e(report.tool.version)} · ${e(report.startedAt)}</p>
<p><span class="verdict v-${e(s.verdict)}" id="verdict">${e(s.verdict)}</span></p>
${s.verdictNote ? `<p id="verdict-note">${e(s.verdictNote)}.</p>` : ''}
${interrupted}
<p>${s.passed} passed · ${s.failed} failed · ${s.warnings} warnings · ${s.errors} errors · ${s.skipped} skipped · of ${s.rules} rules · ${s.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s</p>
<p id="proven">${s.mustPassedProven} of the ${s.mustPassed} MUST rules passed are proven: a broken reference server showed their checks can fail them.</p>
<h2>Run</h2>
<table class="meta"><tbody>
<tr><td>target</td><td><code class="line">${e(report.target.baseUrl)}</code></td></tr>${sections}
${extraRows}
<tr><td>seed</td><td><code>${report.seed}</code></td></tr>
<tr><td>runs per property</td><td>${settings.runs}</td></tr>
<tr><td>concurrency</td><td>${settings.concurrency}</td></tr>
<tr><td>request timeout</td><td>${settings.timeoutMs} ms</td></tr>
<tr><td>suites</td><td>${e(settings.suites.join(', '))}</td></tr>
<tr><td>grep</td><td>${e(settings.grep ?? '(none)')}</td></tr>
<tr><td>shard</td><td>${e(settings.shard ?? '(none)')}</td></tr>
</tbody></table>
<h2>Failures and errors</h2>
${failures || '<p>None.</p>'}
<h2>Rules by area</h2>
${areaTables(report)}
<p class="muted">Levels: MUST is stated by the spec and gates the verdict; SHOULD is HTTP practice the spec implies, reported as a warning. Credentials are redacted from every exchange.</p>
</body></html>
`;
}
