// Timestamps as the services write them: Internet date-time, UTC, whole seconds.

export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses a date_time already checked by the date_time pattern. */
export function parseTime(text: string): number {
  return Date.parse(text);
}
