import { errorCauseText } from '../error-cause.js';
import type { CheckReport, RuleReport } from '../model.js';
import { exchangesBlock, exchangesOf, requestHeadline, shownExchange } from './exchange.js';
import { html, plural, type Html } from './markup.js';
import { ruleLinks } from './rule-parts.js';

// Checks that could not reach a verdict (a timeout, a fixture the target refused). One cause
// often stops many checks (a target that refuses to create subscriptions stops every check
// that needs one), and one check leaves every rule it declares without a verdict: so the
// errors are grouped by cause, each check listed once in its group with its rules.

export interface ErroredCheck {
  check: CheckReport;
  rules: string[];
}

export interface ErrorCause {
  id: string;
  cause: string;
  checks: ErroredCheck[];
}

/** A check's error without what differs from check to check (the diagnosis groups by the same words). */
function causeOf(check: CheckReport): string {
  return errorCauseText(check.message ?? 'the check stopped without a verdict');
}

/** Every errored check once, grouped by cause, in the order of the rules they were to check. */
export function errorCauses(rules: readonly RuleReport[]): ErrorCause[] {
  const causes = new Map<string, ErrorCause>();
  const checks = new Map<string, ErroredCheck>();
  for (const rule of rules) {
    for (const check of rule.checks) {
      if (check.status !== 'error') continue;
      const key = `${check.name}\n${check.message ?? ''}`;
      let entry = checks.get(key);
      if (!entry) {
        entry = { check, rules: [] };
        checks.set(key, entry);
        const cause = causeOf(check);
        const group = causes.get(cause) ?? { id: `e-${causes.size + 1}`, cause, checks: [] };
        group.checks.push(entry);
        causes.set(cause, group);
      }
      if (!entry.rules.includes(rule.id)) entry.rules.push(rule.id);
    }
  }
  return [...causes.values()];
}

function checkItem({ check, rules }: ErroredCheck, cause: string): Html {
  const own =
    check.message !== undefined && check.message !== cause ? html`<div class="muted">${check.message}</div>` : '';
  return html`<li><b>${check.name}</b>${
    check.file
      ? html` <span class="muted">\
(${check.file})</span>`
      : ''
  }${own}<div>rules it was to \
check: ${ruleLinks(rules)}</div>${exchangesBlock(exchangesOf(check))}</li>`;
}

function causeBlock({ id, cause, checks }: ErrorCause): Html {
  const shown = shownExchange(checks[0].check);
  const items = checks.map((entry) => checkItem(entry, cause));
  return html`<article class="failure error" id="${id}">
<p class="message"><b>${cause}</b> <span class="muted">· ${plural(checks.length, 'check')}</span></p>
${
  shown
    ? html`<div class="muted">the request${checks.length > 1 ? ' of the first check' : ''}:</div>\
${requestHeadline(shown, true)}`
    : ''
}
${
  checks.length > 1
    ? html`<details class="error-checks"><summary>the ${checks.length} checks and their \
rules</summary><ul>${items}</ul></details>`
    : html`<ul>${items}</ul>`
}
</article>`;
}

export function errorsSection(causes: readonly ErrorCause[]): Html {
  if (causes.length === 0) return html``;
  const checks = causes.reduce((sum, cause) => sum + cause.checks.length, 0);
  return html`<section id="errors"><h2>Checks without a verdict <span class="muted">· ${plural(checks, 'check')} \
stopped, for ${plural(causes.length, 'cause')}</span></h2>
<p class="muted">These checks stopped before they could judge: a rule they alone were to check counts as an error, \
never as passed.</p>
${causes.map(causeBlock)}
</section>`;
}
