/** Korea keeps UTC+9 all year: a datetime-local's wall time is read as Seoul time whatever the browser's zone. */
const KST_OFFSET_MS = 9 * 3600_000;

/** "2026-12-01T10:30" (an `<input type="datetime-local">`, Seoul time) → "2026-12-01T10:30:00+09:00"; null when not a time. */
export function kstInputToIso(value: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}T${m[2]}:${m[3] ?? '00'}+09:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant → the datetime-local value of its Seoul wall time ("2026-12-01T10:30"). */
export function isoToKstInput(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The Seoul calendar day of an instant ("2026-12-07"), whatever the browser's zone: the console's "today". */
export function kstDay(at: Date = new Date()): string {
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}
