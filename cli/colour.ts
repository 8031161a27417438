import { styleText } from 'node:util';
import type { Verdict } from '../reports/model.js';

// Colour on the terminal: failed red, passed green, warnings yellow. Only where a person reads
// it: never when the output is not a terminal (a file, a pipe, a CI log a parser reads), when
// NO_COLOR is set to anything but "" (no-color.org), on a dumb terminal, or with --no-color.
// Node's util.styleText writes the escape codes; whether to write them is decided here, for the
// stream the text goes to (styleText would look at stdout whatever the stream).

interface Stream {
  isTTY?: boolean;
}

let switchedOff = false;

/** --no-color: plain text for the rest of the process. */
export function switchColourOff(): void {
  switchedOff = true;
}

/** Whether text written to `stream` gets colour. */
export function colourOn(stream: Stream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (switchedOff) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

type Tint = (text: string, stream?: Stream) => string;

const tint =
  (style: Parameters<typeof styleText>[0]): Tint =>
  (text, stream = process.stdout) =>
    colourOn(stream) ? styleText(style, text, { validateStream: false }) : text;

export const failedText = tint('red');
export const passedText = tint('green');
export const warningText = tint('yellow');
/** A check without a verdict (error): magenta, as report.html shows it. */
export const errorText = tint('magenta');

/** A verdict line, in the colour of its verdict. */
export function verdictText(verdict: Verdict, text: string, stream?: Stream): string {
  if (verdict === 'CONFORMANT') return passedText(text, stream);
  if (verdict === 'NON_CONFORMANT') return failedText(text, stream);
  return warningText(text, stream);
}

/** "3 passed, 1 failed, 0 warnings, 0 errors, 5 skipped", each count in its colour when not zero. */
export function countsText(
  s: { passed: number; failed: number; warnings: number; errors: number; skipped: number },
  skippedWord = 'skipped',
): string {
  const when = (n: number, paint: Tint, text: string): string => (n > 0 ? paint(text) : text);
  return [
    when(s.passed, passedText, `${s.passed} passed`),
    when(s.failed, failedText, `${s.failed} failed`),
    when(s.warnings, warningText, `${s.warnings} warnings`),
    when(s.errors, errorText, `${s.errors} errors`),
    `${s.skipped} ${skippedWord}`,
  ].join(', ');
}
