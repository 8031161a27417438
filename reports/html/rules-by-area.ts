import { areasOf } from '../areas.js';
import { clip, splitCounterexample } from '../check-text.js';
import type { CheckReport, ConformanceReport, RuleReport, RuleStatus } from '../model.js';
import { referencesBlock, referencesOf } from './exchange.js';
import type { ErrorCause } from './errors.js';
import { html, joined, plural, type Html } from './markup.js';
import { failureId, levelBadge, ruleIdCode, ruleRowId, statusBadge } from './rule-parts.js';

// Every rule, by area (api · kind), each area collapsed behind its counts per status: a
// <details> opens on a click without any script. The search box and the status filters above
// (shown only where the page's script runs) narrow the rows; the script reads the cells
// marked "k" (rule id, statement, check names) and each row's data-status.

/** The order statuses are counted and filtered in: what needs attention first. */
export const STATUSES: readonly RuleStatus[] = ['failed', 'warning', 'error', 'skipped', 'passed'];

/** A note in a row is cut here; the failure or error block has the whole text. */
const NOTE_LIMIT = 300;

/** A valid, readable HTML id for an area ("billing · schema" -> "area-billing-schema"). */
export function areaId(area: string): string {
  return `area-${area
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

function countsLine(rules: readonly RuleReport[]): Html {
  const counts = STATUSES.map(
    (status) => [status, rules.filter((rule) => rule.status === status).length] as const,
  ).filter(([, count]) => count > 0);
  return html`<span class="counts">${plural(rules.length, 'rule')}: ${joined(
    counts.map(([status, count]) => html`<span class="s-${status}">${count} ${status}</span>`),
    ' · ',
  )}</span>`;
}

/** What a row says beside its statement: why it failed, erred or was skipped, what was observed, its proof. */
function note(rule: RuleReport, errorIds: ReadonlyMap<string, string>): Html {
  const failing = rule.checks.find((check) => check.status === 'failed');
  const errored = rule.checks.find((check) => check.status === 'error');
  const observations = rule.checks
    .filter((check) => check.status === 'passed' && check.message?.startsWith('observed: '))
    .map((check) => check.message!);
  let why: Html | string = '';
  if ((rule.status === 'failed' || rule.status === 'warning') && failing) {
    why = html`${clip(splitCounterexample(failing.message).message, NOTE_LIMIT)} <a href="#${failureId(rule.id)}">see \
the failure</a>`;
  } else if (rule.status === 'error' && errored) {
    const errorId = errorIds.get(rule.id);
    const cause = errorId ? html` <a href="#${errorId}">see the cause</a>` : '';
    why = html`${clip(errored.message ?? 'no verdict', NOTE_LIMIT)}${cause}`;
  } else if (rule.status === 'skipped') {
    why = `skipped: ${rule.reason ?? rule.checks.find((check) => check.message)?.message ?? 'no reason recorded'}`;
  } else if (rule.reason) {
    why = rule.reason;
  }
  const proofCheck = rule.proof?.check ? html`, failed by <i>${rule.proof.check}</i>` : '';
  const unproven = rule.proofNote ?? 'no reference fault proves it';
  const proof = rule.proof
    ? html`<div class="proof">proof: fault <code>${rule.proof.fault}</code>${proofCheck}</div>`
    : rule.level === 'MUST' && rule.status === 'passed'
      ? html`<div class="proof muted">${unproven}</div>`
      : '';
  const observed = [...new Set(observations)].map(
    (text) => html`<div class="observed">${clip(text, NOTE_LIMIT)}</div>`,
  );
  return html`${why ? html`<div>${why}</div>` : ''}${observed}${proof}`;
}

const SIDES: Record<string, string> = {
  request: 'judged on a request it sent',
  response: 'judged on an answer',
  both: 'judged on a request it sent and on an answer',
};

/** A check of a rule: its name and, for a pass, why: the exchanges it judged, folded. */
function checkItem(check: CheckReport): Html {
  const references = check.status === 'passed' ? referencesOf(check) : [];
  const side = check.side ? html` <span class="muted">(${SIDES[check.side]})</span>` : '';
  if (references.length === 0) return html`<li class="k">${check.name}</li>`;
  return html`<li><span class="k">${check.name}</span>${side}<details class="why"><summary>why it \
passed</summary>${referencesBlock(references)}</details></li>`;
}

function ruleRow(rule: RuleReport, errorIds: ReadonlyMap<string, string>): Html {
  const checks = rule.checks.filter(
    (check, index) => rule.checks.findIndex((other) => other.name === check.name) === index,
  );
  return html`<tr id="${ruleRowId(rule.id)}" data-status="${rule.status}"><td class="k">${ruleIdCode(rule.id)}</td>\
<td>${levelBadge(rule.level)}</td><td>${statusBadge(rule.status)}</td><td><span class="k">${rule.title}</span>${
    checks.length > 0 ? html`<ul class="checks muted">${checks.map(checkItem)}</ul>` : ''
  }</td><td class="note">${note(rule, errorIds)}</td></tr>`;
}

function filterControls(rules: readonly RuleReport[]): Html {
  const boxes = STATUSES.map((status) => {
    const count = rules.filter((rule) => rule.status === status).length;
    return html`<label class="s-${status}"><input type="checkbox" name="status" value="${status}" \
id="filter-${status}"${count === 0 ? html` disabled` : ''}> ${status} (${count})</label>`;
  });
  return html`<div class="controls" id="rule-filter" hidden>
<input type="search" id="rule-search" placeholder="Search rule id, statement or check name" aria-label="Search rules \
by id, statement or check name" autocomplete="off">
<span class="filters">show only ${boxes}</span> <output id="rule-shown" class="muted"></output>
</div>`;
}

export function rulesSection(report: ConformanceReport, causes: readonly ErrorCause[]): Html {
  const errorIds = new Map(
    causes
      .flatMap((cause) => cause.checks.flatMap((entry) => entry.rules.map((rule) => [rule, cause.id] as const)))
      .reverse(),
  );
  const areas = areasOf(report).map(
    ({
      name: area,
      rules,
    }) => html`<details class="area" id="${areaId(area)}"><summary><b>${area}</b> ${countsLine(rules)} <span \
class="shown muted"></span></summary>
<div class="table-wrap"><table class="rules"><colgroup><col class="c-id"><col class="c-level"><col class="c-status">\
<col><col class="c-note"></colgroup>
<thead><tr><th>rule</th><th>level</th><th>status</th><th>statement and checks</th><th>note</th></tr></thead>\
<tbody>${rules.map((rule) => ruleRow(rule, errorIds))}</tbody></table></div></details>`,
  );
  return html`<section id="rules"><h2>Rules by area <span class="muted">· ${plural(report.rules.length, 'rule')}, \
click an area to open it</span></h2>
${filterControls(report.rules)}
${areas}
</section>`;
}
