// What assignees.md calls a timestamp ("closed_at, created_at, updated_at | string (timestamp)",
// a Milestone's "created_at, updated_at, closed_at, due_on (timestamps)"). The spec names no form;
// the repository-hosting API it describes writes ISO 8601 (RFC 3339) date-times, and the spec
// writes its own dates in ISO 8601 (YYYY-MM-DD). So a timestamp is read as an ISO 8601 calendar
// date with a time of day, in any of the forms that standard and RFC 3339 allow, and nothing
// else: a date alone names no time, and other texts (an HTTP date, a count of seconds) are not
// ISO 8601.

const DATE_EXTENDED = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
const DATE_BASIC = '[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])';
/** To the minute at least; seconds up to 60 (a leap second); a fraction after a point or a comma. */
const TIME_EXTENDED = '([01][0-9]|2[0-3]):[0-5][0-9](:([0-5][0-9]|60)([.,][0-9]+)?)?';
const TIME_BASIC = '([01][0-9]|2[0-3])[0-5][0-9](([0-5][0-9]|60)([.,][0-9]+)?)?';
/** UTC (Z), an offset in hours or hours and minutes (with or without the colon), or none: local time. */
const ZONE = '([Zz]|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?';

/** An ISO 8601 date and time of day: extended (a T, a t or, as RFC 3339 allows, a space between) or basic. */
export const TIMESTAMP_REGEX = `^(${DATE_EXTENDED}[Tt ]${TIME_EXTENDED}|${DATE_BASIC}[Tt]${TIME_BASIC})${ZONE}$`;

/** Every form TIMESTAMP_REGEX takes: what a rule's `allows` says a server may write. */
export const TIMESTAMP_FORMS: readonly string[] = [
  'an ISO 8601 date and time: 2026-01-05T09:30:00Z (RFC 3339), with T, t or a space between date and time',
  'seconds optional (2026-01-05T09:30Z), a fraction of a second after a point or a comma (09:30:00.123)',
  'UTC as Z or z, a numeric offset (+02:00, +0200, +02), or no zone designator (a local time)',
  'the ISO 8601 basic format (20260105T093000Z)',
];
