import type { RuleReport } from '../model.js';
import { html, plural, type Html } from './markup.js';
import { ruleLinks } from './rule-parts.js';

// What passing checks observed where the spec leaves the answer open (an accepted source state,
// a count in code points): information for the certifier, never judged. Collapsed: one line
// until opened.

const OBSERVED = 'observed: ';

interface Observation {
  check: string;
  text: string;
  rules: string[];
}

function observationsOf(rules: readonly RuleReport[]): Observation[] {
  const byText = new Map<string, Observation>();
  for (const rule of rules) {
    for (const check of rule.checks) {
      if (check.status !== 'passed' || !check.message?.startsWith(OBSERVED)) continue;
      const text = check.message.slice(OBSERVED.length);
      const key = `${check.name}\n${text}`;
      const entry = byText.get(key) ?? { check: check.name, text, rules: [] };
      if (!entry.rules.includes(rule.id)) entry.rules.push(rule.id);
      byText.set(key, entry);
    }
  }
  return [...byText.values()];
}

export function observationsSection(rules: readonly RuleReport[]): Html {
  const observations = observationsOf(rules);
  if (observations.length === 0) return html``;
  const items = observations.map(
    ({ check, text, rules: ids }) =>
      html`<li><b>${check}</b>: ${text} <span class="muted">(${ruleLinks(ids)})</span></li>`,
  );
  return html`<section id="observations"><details><summary><h2>Observations <span class="muted">\
· ${plural(observations.length, 'observation')} where the spec leaves the answer open; never judged</span></h2>\
</summary>
<ul>${items}</ul></details></section>`;
}
