// Timestamps as the services write them: Internet date-time, UTC, whole seconds.

export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses a date_time already checked by the date_time pattern. */
export function parseTime(text: string): number {
  return Date.parse(text);
}

/** The same instant at a UTC offset of `minutes`, with milliseconds: 2026-01-05T11:30:00.000+02:00. */
export function atOffset(text: string, minutes: number): string {
  const shifted = new Date(Date.parse(text) + minutes * 60_000).toISOString().slice(0, -1);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${shifted}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}
