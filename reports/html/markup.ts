import { escapeMarkup } from '../escape.js';

// report.html is built with the `html` tag only: every value interpolated into it is escaped
// unless it is itself Html built by the tag, so no text from the server (a body, a header, a
// message) can be forgotten and end up as markup.

/** Markup known to be safe: built by `html`, or a constant of this folder (`trustedHtml`). */
export class Html {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** What may stand in `${...}`: text (escaped), numbers, Html, lists of these; nothing for false, null, undefined. */
export type Interpolation = Html | string | number | false | null | undefined | readonly Interpolation[];

function markupOf(value: Interpolation): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(markupOf).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeMarkup(String(value));
}

/** Tagged template: the literal parts are markup, every interpolated value is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let text = strings[0];
  values.forEach((value, index) => {
    text += markupOf(value) + strings[index + 1];
  });
  return new Html(text);
}

/** A constant of the report itself (its CSS, its script): never text that came from a run. */
export function trustedHtml(constant: string): Html {
  return new Html(constant);
}

/** "1 rule", "3 rules". */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** Items with `separator` (text, escaped) between them. */
export function joined(items: readonly Interpolation[], separator: string): Html {
  return html`${items.map((item, index) => html`${index > 0 ? separator : ''}${item}`)}`;
}
