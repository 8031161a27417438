import { curlLine } from '../../harness/curl.js';
import type { Exchange } from '../../harness/exchange.js';
import type { CheckReport, EvidenceRef } from '../model.js';
import { html, plural, type Html } from './markup.js';

// Requests and responses as a failure shows them: the one request that shows it, headline
// first (method, path, body), and every recorded exchange in full below, as evidence.

/** A request body longer than this is cut in the headline; the evidence has all of it. */
const HEADLINE_BODY_LIMIT = 600;

/** A whole recorded exchange, as failures and errors carry; a pass carries references. */
export const isExchange = (item: Exchange | EvidenceRef): item is Exchange => 'request' in item;

/** A check's whole exchanges: a failure's or an error's evidence. */
export const exchangesOf = (check: CheckReport): Exchange[] => check.evidence.filter(isExchange);

/** A check's references into exchanges.har: a pass's evidence. */
export const referencesOf = (check: CheckReport): EvidenceRef[] =>
  check.evidence.filter((item): item is EvidenceRef => !isExchange(item));

/** The exchange the check judged: the one its curl line reproduces, else the last one recorded. */
export function shownExchange(check: CheckReport): Exchange | undefined {
  const exchanges = exchangesOf(check);
  const judged =
    check.curl === undefined ? undefined : exchanges.find((exchange) => curlLine(exchange.request) === check.curl);
  return judged ?? exchanges[exchanges.length - 1];
}

function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') || '/';
}

function answerOf(exchange: Exchange): string {
  return exchange.response ? `answered ${exchange.response.status}` : `no answer: ${exchange.error ?? 'unknown error'}`;
}

function bodyBlock(body: string | undefined): Html {
  if (body === undefined || body === '') return html``;
  const cut = body.length > HEADLINE_BODY_LIMIT;
  return html`<pre class="body">${cut ? `${body.slice(0, HEADLINE_BODY_LIMIT)}…` : body}</pre>${
    cut
      ? html`<div \
class="muted">cut here; the evidence has all of it</div>`
      : ''
  }`;
}

/**
 * Method, path and body of one request, and what it was answered: a failure's headline. With
 * `withAnswer`, the answer's body too (an error's cause, where no "received" says it).
 */
export function requestHeadline(exchange: Exchange, withAnswer = false): Html {
  const { method, url, body } = exchange.request;
  const answerBody = withAnswer ? bodyBlock(exchange.response?.body) : html``;
  return html`<div class="request"><code class="line"><b>${method}</b> ${pathOf(url)}</code> <span class="answer">\
→ ${answerOf(exchange)}</span>${bodyBlock(body)}${
    answerBody.text ? html`<div class="answer">the answer:</div>${answerBody}` : ''
  }</div>`;
}

function referenceItem(reference: EvidenceRef): Html {
  const status = reference.status !== undefined ? `answered ${reference.status}` : 'no answer';
  return html`<li><code class="line"><b>${reference.method}</b> ${pathOf(reference.url)}</code> → ${status}${
    reference.judged ? html` · judged: <code>${reference.judged}</code>` : ''
  } <span class="muted">(exchanges.har entry ${reference.id})</span>${
    reference.curl
      ? html`<div><code \
class="line">${reference.curl}</code></div>`
      : ''
  }</li>`;
}

/** Why a check passed a rule: the exchanges it judged, each with the part judged and its entry in exchanges.har. */
export function referencesBlock(references: readonly EvidenceRef[]): Html {
  if (references.length === 0) return html``;
  return html`<ul class="why">${references.map(referenceItem)}</ul>`;
}

function exchangeBlock(exchange: Exchange, index: number): Html {
  const req = exchange.request;
  const reqText = [
    `${req.method} ${req.url}`,
    ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
    ...(req.body !== undefined ? ['', req.body] : []),
  ].join('\n');
  const res = exchange.response;
  const resText = res
    ? [
        `HTTP ${res.status}`,
        ...Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`),
        '',
        res.body + (res.truncated ? '\n[… body cut for the report]' : ''),
        ...(exchange.error !== undefined ? [`[body not judged: ${exchange.error}]`] : []),
      ].join('\n')
    : `no response: ${exchange.error ?? 'unknown error'}`;
  const entry = exchange.id !== undefined ? `, exchanges.har entry ${exchange.id}` : '';
  return html`<div class="exchange"><div class="muted">exchange ${index + 1} (${exchange.durationMs} ms${entry})</div>\
<pre>${reqText}</pre><pre>${resText}</pre></div>`;
}

/** Every recorded exchange, collapsed: one click (or printing) shows them. */
export function exchangesBlock(exchanges: readonly Exchange[]): Html {
  if (exchanges.length === 0) return html``;
  return html`<details class="evidence"><summary>requests and responses \
(${plural(exchanges.length, 'exchange')})</summary>${exchanges.map(exchangeBlock)}</details>`;
}
