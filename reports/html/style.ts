// report.html's inline CSS: read on a laptop or a phone, printed on paper. Rule ids wrap only
// after a dot or a hyphen (<wbr>), levels and statuses never wrap; any other long value (a URL, a
// patch value, a server's text) wraps anywhere, so that no page scrolls sideways, down to a
// 390-pixel phone, where the rules table becomes a list of rows. Printed, every <details> shows
// its content and the controls are left out.

export const STYLE = `
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--skip:#6e7781;--err:#8250df;--line:#d0d7de;--bg:#f6f8fa;\
--muted:#57606a}
*{box-sizing:border-box}[hidden]{display:none!important}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:20px \
24px;color:#1f2328;overflow-wrap:anywhere}
h1{font-size:20px;margin:0 0 2px}h2{font-size:17px;margin:26px 0 8px;border-bottom:1px solid var(--line);\
padding-bottom:4px}h3{font-size:15px;margin:0 0 4px}
a{color:#0969da}.muted{color:var(--muted)}h2 .muted{font-weight:400;font-size:.82em}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em;line-height:1.4}
pre{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:6px 8px;white-space:pre-wrap;\
overflow-wrap:anywhere;margin:4px 0}
code.line,code.target{white-space:pre-wrap;overflow-wrap:anywhere}
code.rule-id{white-space:normal;overflow-wrap:normal;word-break:normal}
.verdict-line{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px;margin:10px 0 4px}
.verdict{display:inline-block;padding:5px 14px;border-radius:6px;color:#fff;font-weight:700;font-size:20px;\
letter-spacing:.5px}
.v-CONFORMANT{background:var(--ok)}.v-PARTIAL,.v-INCOMPLETE{background:var(--warn)}\
.v-NON_CONFORMANT{background:var(--bad)}
.v-NOT_CERTIFIED{background:var(--skip)}
.verdict.small{font-size:13px;padding:2px 8px;letter-spacing:0}.sections{margin:4px 0}
.tally{margin:0}.stat{text-decoration:none;white-space:nowrap}.stat b{font-size:17px}
header p{margin:4px 0}
.s{font-weight:600;white-space:nowrap}.s-passed{color:var(--ok)}.s-failed{color:var(--bad)}\
.s-warning{color:var(--warn)}.s-skipped{color:var(--skip)}.s-error{color:var(--err)}
.level{font-size:.86em;font-weight:600;white-space:nowrap;color:var(--muted)}
.banner{border:1px solid var(--warn);border-left:5px solid var(--warn);border-radius:6px;padding:6px 12px;margin:8px \
0}.banner.bad{border-color:var(--bad)}
.failure-rule{border-left:5px solid var(--bad);padding:2px 0 2px 12px;margin:14px 0}
.rule-ref{margin:0 0 6px}
.failure{border:1px solid var(--line);border-radius:6px;padding:8px 12px;margin:8px 0;min-width:0}
.failure.warning{border-left:3px solid var(--warn)}.failure.error{border-left:5px solid var(--err)}
.check-name{margin-bottom:4px;overflow-wrap:anywhere}.message{margin:6px 0}
.request{margin:4px 0}.request code.line{font-size:.93em}.answer{font-size:.86em;color:var(--muted)}
.versus{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px;margin:6px 0}
.versus>div{border:1px solid var(--line);border-radius:4px;padding:4px 8px;overflow-wrap:anywhere}
.versus>div:first-child{background:#f0fff4}.versus>div:last-child{background:#fff5f5}
.label{font-size:.86em;color:var(--muted);text-transform:uppercase;letter-spacing:.4px}
.kv{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:4px 0}.kv>div{min-width:0;\
overflow-wrap:anywhere}.kv>div:nth-child(odd){color:var(--muted)}
.left-rules{margin:4px 0}
details{margin:4px 0}summary{cursor:pointer}summary h2{display:inline-block;border:0;margin:0}
details.evidence>summary{color:var(--muted)}
details.why>summary,details.failing-checks>summary{color:var(--muted)}ul.why{padding-left:16px;margin:2px 0;\
overflow-wrap:anywhere}
details.area{border:1px solid var(--line);border-radius:6px;margin:6px 0}
details.area>summary{padding:6px 10px;background:var(--bg);border-radius:6px}
details.area[open]>summary{border-bottom:1px solid var(--line);border-radius:6px 6px 0 0}
.counts{margin-left:8px}.counts span{white-space:nowrap}
.controls{display:flex;flex-wrap:wrap;align-items:center;gap:6px 14px;margin:8px 0}
.controls input[type=search]{font:inherit;padding:4px 8px;width:min(100%,340px);border:1px solid var(--line);\
border-radius:6px}
.filters label{white-space:nowrap;margin-right:8px}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%}th,td{border-top:1px solid var(--line);padding:4px 8px;text-align:left;\
vertical-align:top}
th{background:var(--bg);font-weight:600}td{overflow-wrap:anywhere}
table.rules{table-layout:fixed;min-width:980px}col.c-id{width:30%}col.c-level{width:68px}col.c-status{width:80px}\
col.c-note{width:26%}
.checks{font-size:.86em;margin:2px 0 0;padding-left:16px}.note{font-size:.93em}.observed{color:var(--muted)}\
.proof{font-size:.86em}.proof code{font-size:1em}
table.meta td{border:1px solid var(--line)}table.meta td:first-child{width:180px;color:var(--muted);\
overflow-wrap:normal}
@media screen{.out{display:none}}
@media screen and (max-width:640px){
body{padding:12px}
table.rules{min-width:0}table.rules colgroup,table.rules thead{display:none}
table.rules,table.rules tbody,table.rules tr,table.rules td{display:block;width:auto}
table.rules tr{border-top:1px solid var(--line);padding:6px 0}table.rules td{border:0;padding:1px 8px}
table.rules td:nth-child(2),table.rules td:nth-child(3){display:inline-block}
.versus{grid-template-columns:minmax(0,1fr)}table.meta td:first-child{width:auto}
}
@media print{
@page{margin:12mm}
body{max-width:none;padding:0;font-size:10px}nav,.controls{display:none}a{color:inherit;text-decoration:none}
.verdict,.versus>div{print-color-adjust:exact;-webkit-print-color-adjust:exact}
details::details-content{content-visibility:visible;display:block}summary{list-style:none}
.table-wrap{overflow:visible}table.rules{min-width:0}col.c-id{width:30%}col.c-level{width:7%}col.c-status{width:9%}\
col.c-note{width:27%}
.request,.versus,.kv,tr{break-inside:avoid}h2,h3{break-after:avoid}
}
`;
