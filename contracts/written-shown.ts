// Whether a read-back shows the value written: shared by the checks of `run` and by the proxy's
// sequence judge, so that both allow a server the same room in how it shows a value.

/** Members that hold decimal text: "10" and "10.00" are the same amount. */
const DECIMAL_MEMBERS = new Set(['value', 'percentage', 'starting_quantity', 'ending_quantity']);
/** Members that hold a date_time: the same instant in another form is the value written. */
const INSTANT_MEMBERS = new Set(['start_time']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sameDecimal(a: string, b: string): boolean {
  return a === b || (DECIMAL.test(a) && DECIMAL.test(b) && Number(a) === Number(b));
}

function sameInstant(a: string, b: string): boolean {
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return a === b || (!Number.isNaN(x) && x === y);
}

/**
 * Whether a read-back shows the value written: the same JSON, decimal text compared as an
 * amount, date_times as instants, text compared as canonically equivalent (a server may store
 * it NFC-normalized), and objects compared on the members written (a server may add members of
 * its own). `member` is the name of the member the value is in (its last path segment).
 */
export function shows(written: unknown, read: unknown, member = ''): boolean {
  if (typeof written === 'string' && typeof read === 'string') {
    if (DECIMAL_MEMBERS.has(member)) return sameDecimal(written, read);
    if (INSTANT_MEMBERS.has(member)) return sameInstant(written, read);
    return written.normalize('NFC') === read.normalize('NFC');
  }
  if (Array.isArray(written)) {
    return Array.isArray(read) && read.length === written.length && written.every((item, i) => shows(item, read[i], member));
  }
  if (typeof written === 'object' && written !== null) {
    if (!isObject(read)) return false;
    return Object.entries(written).every(([key, value]) => shows(value, read[key], key));
  }
  return written === read;
}
