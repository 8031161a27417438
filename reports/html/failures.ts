import { splitCounterexample } from '../check-text.js';
import type { CheckReport, RuleReport } from '../model.js';
import { exchangesBlock, requestHeadline, shownExchange } from './exchange.js';
import { html, plural, type Html } from './markup.js';
import { failureId, levelBadge, ruleIdCode, ruleRowId, specPlace, statusBadge } from './rule-parts.js';

// The failures, one group per broken rule (MUST failed first, then SHOULD warnings), and in it
// every failing check: the request that shows it, what was expected and received, then the
// evidence to reproduce it. A vendor fixing one check learns of the others too.

function line(label: string, value: string | undefined, code = false): Html | undefined {
  if (value === undefined || value === '') return undefined;
  return html`<div>${label}</div><div>${code ? html`<code class="line">${value}</code>` : value}</div>`;
}

function checkBlock(rule: RuleReport, check: CheckReport, number: number, of: number): Html {
  const { message, counterexample } = splitCounterexample(check.message);
  const shown = shownExchange(check);
  const versus = check.expected !== undefined || check.received !== undefined;
  const replay = [
    line('reproduce', check.curl, true),
    line('seed / path', check.seed !== undefined ? `${check.seed}${check.path ? ` / ${check.path}` : ''}` : undefined, true),
    line('re-run', check.rerun, true),
  ].filter((item) => item !== undefined);
  return html`<article class="failure${rule.status === 'warning' ? ' warning' : ''}" id="${failureId(rule.id, number)}">
<div class="check-name">${of > 1 ? `check ${number} of ${of}: ` : 'check: '}<b>${check.name}</b>${check.file ? html` <span class="muted">(${check.file})</span>` : ''}</div>
${shown ? requestHeadline(shown) : ''}
${message ? html`<p class="message">${message}</p>` : ''}
${versus ? html`<div class="versus"><div><div class="label">expected</div><div>${check.expected ?? '(not stated)'}</div></div><div><div class="label">received</div><div>${check.received ?? '(not stated)'}</div></div></div>` : ''}
${counterexample !== undefined ? html`<div class="kv">${line('counterexample', counterexample, true)}</div>` : ''}
${exchangesBlock(check.evidence)}
${replay.length > 0 ? html`<div class="kv">${replay}</div>` : ''}
</article>`;
}

function ruleGroup(rule: RuleReport): Html {
  const failing = rule.checks.filter((check) => check.status === 'failed');
  return html`<section class="failure-rule" id="${failureId(rule.id)}">
<h3>${statusBadge(rule.status)} ${levelBadge(rule.level)} ${rule.title}</h3>
<p class="rule-ref"><a href="#${ruleRowId(rule.id)}">${ruleIdCode(rule.id)}</a> <span class="muted">· ${specPlace(rule)}${failing.length > 1 ? ` · failed by ${failing.length} checks` : ''}</span></p>
${failing.map((check, index) => checkBlock(rule, check, index + 1, failing.length))}
</section>`;
}

/** The rules a failure section lists: failed MUST rules, then SHOULD rules with a warning. */
function brokenRules(rules: readonly RuleReport[]): RuleReport[] {
  return [...rules.filter((rule) => rule.status === 'failed'), ...rules.filter((rule) => rule.status === 'warning')];
}

export function failuresSection(rules: readonly RuleReport[]): Html {
  const broken = brokenRules(rules);
  const checks = broken.reduce((sum, rule) => sum + rule.checks.filter((check) => check.status === 'failed').length, 0);
  return html`<section id="failures"><h2>Failures${broken.length > 0 ? html` <span class="muted">· ${plural(broken.length, 'rule')} broken, in ${plural(checks, 'failing check')}</span>` : ''}</h2>
${broken.length > 0 ? broken.map(ruleGroup) : html`<p>None: no check failed a rule.</p>`}
</section>`;
}
