import type { ClientMistakeReport } from '../model.js';
import { exchangesBlock, requestHeadline } from './exchange.js';
import { html, plural, type Html } from './markup.js';
import { ruleLinks } from './rule-parts.js';

// proxy: the requests the proxied client got wrong. They are the client's mistakes, not the
// server's non-conformance (what the server did with each is judged under its own rule), so
// they stand apart from the failures, each with how often and one example.

function mistakeBlock(mistake: ClientMistakeReport): Html {
  return html`<article class="failure client">
<div class="check-name">${ruleLinks([mistake.rule])} <span class="muted">· ${mistake.operation} \
· ${plural(mistake.count, 'time')}</span></div>
<p class="message">${mistake.message}</p>
${requestHeadline(mistake.example)}
${exchangesBlock([mistake.example])}
</article>`;
}

export function clientMistakesSection(mistakes: readonly ClientMistakeReport[] | undefined): Html {
  if (mistakes === undefined || mistakes.length === 0) return html``;
  return html`<section id="client-mistakes"><h2>Client mistakes <span class="muted">\
· ${plural(mistakes.length, 'request rule')} the proxied client broke</span></h2>
<p class="muted">Requests the client got wrong: the client's mistakes, not the server's; what the server did with \
each is judged under its own rule.</p>
${mistakes.map(mistakeBlock)}
</section>`;
}
