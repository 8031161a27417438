import { escapeMarkup as e } from '../reports/escape.js';
import type { Divergence } from './divergences.js';
import { leftoversText, outcomeLine } from './render-md.js';
import type { DiffReport } from './report.js';

// diff.html: one self-contained page (inline CSS, no script, nothing fetched) that shows, for
// each group of divergences, the request and the two answers next to each other.

const STYLE = `
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;\
max-width:1400px;padding:24px;color:#1f2328}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;\
vertical-align:top}th{background:#f6f8fa}
td.n{text-align:right}code{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:12px}.side h4{margin:4px 0}
pre{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;background:#f6f8fa;border:1px solid #d0d7de;padding:8px;\
white-space:pre-wrap;word-break:break-all;margin:4px 0;max-height:360px;overflow:auto}
.divergence{border:1px solid #d0d7de;border-left:5px solid #9a6700;border-radius:6px;padding:8px 12px;margin:12px 0;\
break-inside:avoid}.divergence.conformance{border-left-color:#cf222e}
.s-failed{color:#cf222e;font-weight:600}.s-passed{color:#1a7f37}.muted{color:#57606a}
@media print{body{max-width:none;padding:0}pre{max-height:none}}
`;

const pretty = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

const outcome = (text: string): string => e(text.replace(/\*\*/g, ''));

function answer(side: 'a' | 'b', divergence: Divergence, target: string): string {
  const reply = divergence[side];
  return (
    `<div class="side"><h4>${side}: ${e(target)}</h4>` +
    (reply
      ? `<div>status <code>${reply.status}</code></div><pre>${e(pretty(reply.body) || '(empty body)')}</pre>`
      : '<div class="muted">no such request on this side</div>') +
    `</div>`
  );
}

function divergenceBlock(divergence: Divergence, index: number, report: DiffReport): string {
  const request = divergence.request;
  const broken = divergence.rule
    ? `<div><strong class="s-failed">${e(divergence.brokenBy ?? '')} breaks <code>${e(divergence.rule)}</code> ` +
      `(${e(divergence.level ?? '')})</strong>: ${e(divergence.message ?? '')}</div>`
    : '';
  const members = divergence.members
    ? `; members: ${divergence.members.map((member) => `<code>${e(member || '(body)')}</code>`).join(', ')}`
    : '';
  return `<div class="divergence ${e(divergence.kind)}" id="d-${index + 1}">
<h3>${e(divergence.kind)} · ${e(divergence.operation)} · ${divergence.count} \
exchange${divergence.count === 1 ? '' : 's'}</h3>${broken}
<div class="muted">example from check “${e(divergence.check)}”${members}</div>
<pre>${e(`${request.method} ${request.url}${request.body !== undefined ? `\n\n${pretty(request.body)}` : ''}`)}</pre>
<div class="sides">${answer('a', divergence, report.targets.a)}${answer('b', divergence, report.targets.b)}</div>
</div>`;
}

export function renderDiffHtml(report: DiffReport): string {
  const differing = report.rules.filter((rule) => rule.a !== rule.b);
  const ruleRows = differing
    .map(
      (rule) =>
        `<tr><td><code>${e(rule.id)}</code></td><td>${e(rule.level)}</td>` +
        `<td class="s-${e(rule.a)}">${e(rule.a)}</td><td class="s-${e(rule.b)}">${e(rule.b)}</td></tr>`,
    )
    .join('');
  const summaryRows = report.divergences
    .map(
      (divergence, index) =>
        `<tr><td><a href="#d-${index + 1}">${e(divergence.kind)}</a></td><td>${e(divergence.operation)}</td><td ` +
        `class="n">${divergence.count}</td></tr>`,
    )
    .join('');
  const ruleTable =
    differing.length === 0
      ? '<p>None.</p>'
      : '<table><thead><tr><th>rule</th><th>level</th><th>a</th><th>b</th></tr></thead>' +
        `<tbody>${ruleRows}</tbody></table>`;
  const blocks = report.divergences.map((divergence, index) => divergenceBlock(divergence, index, report)).join('\n');
  const divergences =
    report.divergences.length === 0
      ? '<p>None beyond the noise.</p>'
      : '<table><thead><tr><th>kind</th><th>operation</th><th>exchanges</th></tr></thead>' +
        `<tbody>${summaryRows}</tbody></table>${blocks}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
<title>diff: ${e(report.targets.a)} vs ${e(report.targets.b)}</title><style>${STYLE}</style></head>
<body>
<h1>api-conformance diff</h1>
<div>a: <code>${e(report.targets.a)}</code><br>b: <code>${e(report.targets.b)}</code></div>
<div>command: <code>${e(report.commandLine)}</code></div>
<p class="muted">seed ${report.seed}; ${report.summary.pairs} exchanges compared; ${report.noise.length} members \
found to be noise${report.summary.leftovers.exchanges > 0 ? `; ` + e(leftoversText(report.summary.leftovers)) : ''}</p>
<p><strong>${outcome(outcomeLine(report))}</strong></p>
<h2>Rules whose status differs (${differing.length})</h2>
${ruleTable}
<h2>Divergences (${report.divergences.length})</h2>
${divergences}
<h2>Noise (${report.noise.length})</h2>
<p class="muted">What differed between two runs of side a, left out of the comparison.</p>
<pre>${e(report.noise.join('\n') || '(none)')}</pre>
</body></html>
`;
}
