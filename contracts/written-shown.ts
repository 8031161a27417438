// Whether a read-back shows the value written: shared by the checks of `run` and by the proxy's
// sequence judge, so that both allow a server the same room in how it shows a value.

import { isObject } from './json-value.js';

/** Members that hold decimal text ("decimal amount", "decimal text"): "10", "10.0" and "10.00" are one amount. */
const DECIMAL_MEMBERS = new Set(['value', 'percentage', 'starting_quantity', 'ending_quantity', 'quantity']);
/** Members that hold a date_time: the same instant in another form is the value written. */
const INSTANT_MEMBERS = new Set(['start_time']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The same instant, to the precision the answer shows: "fractional seconds optional", so a
 * server may keep fewer fraction digits than were sent (a sent .123 shown as whole seconds).
 */
function sameInstant(sent: string, shown: string): boolean {
  const [a, b] = [Date.parse(sent), Date.parse(shown)];
  if (Number.isNaN(a) || Number.isNaN(b)) return sent === shown;
  const digits = /\.(\d+)/.exec(shown)?.[1].length ?? 0;
  return Math.abs(a - b) < 10 ** Math.max(0, 3 - digits);
}

/** Whether a value that is not an object or array (the member `member` holds) reads back as written. */
export function sameLeaf(member: string, written: unknown, read: unknown): boolean {
  if (typeof written === 'string' && typeof read === 'string') {
    if (DECIMAL_MEMBERS.has(member) && DECIMAL.test(written) && DECIMAL.test(read))
      return Number(written) === Number(read);
    if (INSTANT_MEMBERS.has(member)) return sameInstant(written, read);
    return written.normalize('NFC') === read.normalize('NFC');
  }
  return written === read;
}

/**
 * Whether a read-back shows the value written: the same JSON, decimal text compared as an
 * amount, date_times as instants, text compared as canonically equivalent (a server may store
 * it NFC-normalized), and objects compared on the members written (a server may add members of
 * its own). `member` is the name of the member the value is in (its last path segment).
 */
export function shows(written: unknown, read: unknown, member = ''): boolean {
  if (Array.isArray(written)) {
    return (
      Array.isArray(read) && read.length === written.length && written.every((item, i) => shows(item, read[i], member))
    );
  }
  if (typeof written === 'object' && written !== null) {
    if (!isObject(read)) return false;
    return Object.entries(written).every(([key, value]) => shows(value, read[key], key));
  }
  return sameLeaf(member, written, read);
}
