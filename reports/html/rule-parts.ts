import type { RuleReport } from '../model.js';
import { html, joined, type Html } from './markup.js';

// The pieces every mention of a rule is made of, the same in the failures and in the tables.

/** A rule id that wraps only after a dot or a hyphen, never inside a word. */
export function ruleIdCode(id: string): Html {
  const parts = id.split(/(?<=[.-])/);
  return html`<code class="rule-id">${parts.map((part, index) => (index === 0 ? part : html`<wbr>${part}`))}</code>`;
}

export function statusBadge(status: string): Html {
  return html`<span class="s s-${status}">${status}</span>`;
}

export function levelBadge(level: RuleReport['level']): Html {
  return html`<span class="level">${level}</span>`;
}

/** "billing.md:41, “Plan”": the line of the sentence that states the rule, and its section. */
export function specPlace(rule: RuleReport): string {
  const { from, to } = rule.spec.lines;
  return `${rule.spec.file}:${from === to ? from : `${from}-${to}`}, “${rule.spec.heading}”`;
}

/** The row of a rule in the tables by area; failures link to it. */
export function ruleRowId(ruleId: string): string {
  return `rule-${ruleId}`;
}

/**
 * The failures of a rule: `f-<rule>`; its n-th failing check: `f-<rule>--<n>` (no rule id has
 * "--", so no check's id is another rule's).
 */
export function failureId(ruleId: string, checkNumber?: number): string {
  return checkNumber === undefined ? `f-${ruleId}` : `f-${ruleId}--${checkNumber}`;
}

/** Rule ids, comma separated, each a link to its row. */
export function ruleLinks(ids: readonly string[]): Html {
  return joined(
    ids.map((id) => html`<a href="#${ruleRowId(id)}">${ruleIdCode(id)}</a>`),
    ', ',
  );
}
