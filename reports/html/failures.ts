import { splitCounterexample } from '../check-text.js';
import { failureGroups, type FailureGroup } from '../failure-groups.js';
import type { CheckReport, RuleReport } from '../model.js';
import { exchangesBlock, exchangesOf, requestHeadline, shownExchange } from './exchange.js';
import { html, plural, type Html } from './markup.js';
import { failureId, levelBadge, ruleIdCode, ruleRowId, specPlace, statusBadge } from './rule-parts.js';

// The failures, one group per broken rule (MUST failed first, then SHOULD warnings), and in it
// one card per cause: the request that shows it, what was expected and received, then the
// evidence to reproduce it. A cause seen in many checks is one card, the checks listed folded;
// a vendor fixing one cause learns of the others too.

function line(label: string, value: string | undefined, code = false): Html | undefined {
  if (value === undefined || value === '') return undefined;
  return html`<div>${label}</div><div>${code ? html`<code class="line">${value}</code>` : value}</div>`;
}

function checkNames(checks: readonly CheckReport[]): Html {
  const items = checks.map(
    (check) =>
      html`<li><b>${check.name}</b>${check.file ? html` <span class="muted">(${check.file})</span>` : ''}</li>`,
  );
  return html`<details class="failing-checks"><summary>in ${plural(checks.length, 'check')}</summary><ul>${items}</ul>\
</details>`;
}

function causeCard(rule: RuleReport, group: FailureGroup, number: number, of: number): Html {
  const check = group.checks[0];
  const { message, counterexample } = splitCounterexample(check.message);
  const shown = shownExchange(check);
  const versus = check.expected !== undefined || check.received !== undefined;
  const replay = [
    line('reproduce', check.curl, true),
    line(
      'seed / path',
      check.seed !== undefined ? `${check.seed}${check.path ? ` / ${check.path}` : ''}` : undefined,
      true,
    ),
    line('re-run', check.rerun, true),
  ].filter((item) => item !== undefined);
  const times = check.times !== undefined ? html` <span class="muted">(seen ${check.times} times)</span>` : '';
  const heading =
    group.checks.length > 1
      ? checkNames(group.checks)
      : html`<b>${check.name}</b>${check.file ? html` <span class="muted">(${check.file})</span>` : ''}`;
  return html`<article class="failure${rule.status === 'warning' ? ' warning' : ''}" id="${failureId(rule.id, number)}">
<div class="check-name">${
    of > 1
      ? `cause ${number} \
of ${of}: `
      : group.checks.length > 1
        ? ''
        : 'check: '
  }${heading}${times}</div>
${shown ? requestHeadline(shown) : ''}
${message ? html`<p class="message">${message}</p>` : ''}
${
  versus
    ? html`<div class="versus"><div><div class="label">expected</div>\
<div>${check.expected ?? '(not stated)'}</div></div><div><div class="label">received</div>\
<div>${check.received ?? '(not stated)'}</div></div></div>`
    : ''
}
${counterexample !== undefined ? html`<div class="kv">${line('counterexample', counterexample, true)}</div>` : ''}
${exchangesBlock(exchangesOf(check))}
${replay.length > 0 ? html`<div class="kv">${replay}</div>` : ''}
</article>`;
}

function ruleGroup(rule: RuleReport): Html {
  const groups = failureGroups(rule);
  const checks = new Set(groups.flatMap((group) => group.checks.map((check) => check.name))).size;
  const causes = groups.length > 1 ? `, for ${plural(groups.length, 'cause')}` : '';
  return html`<section class="failure-rule" id="${failureId(rule.id)}">
<h3>${statusBadge(rule.status)} ${levelBadge(rule.level)} ${rule.title}</h3>
<p class="rule-ref"><a href="#${ruleRowId(rule.id)}">${ruleIdCode(rule.id)}</a> <span class="muted">\
· ${specPlace(rule)}${checks > 1 ? ` · failed in ${checks} checks${causes}` : ''}</span></p>
${groups.map((group, index) => causeCard(rule, group, index + 1, groups.length))}
</section>`;
}

/** The rules a failure section lists: failed MUST rules, then SHOULD rules with a warning. */
function brokenRules(rules: readonly RuleReport[]): RuleReport[] {
  return [...rules.filter((rule) => rule.status === 'failed'), ...rules.filter((rule) => rule.status === 'warning')];
}

export function failuresSection(rules: readonly RuleReport[]): Html {
  const broken = brokenRules(rules);
  const causes = broken.reduce((sum, rule) => sum + failureGroups(rule).length, 0);
  const counts = html` <span class="muted">· ${plural(broken.length, 'rule')} broken, \
for ${plural(causes, 'cause')}</span>`;
  return html`<section id="failures"><h2>\
Failures${broken.length > 0 ? counts : ''}</h2>
${broken.length > 0 ? broken.map(ruleGroup) : html`<p>None: no check failed a rule.</p>`}
</section>`;
}
