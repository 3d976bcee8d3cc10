/** Korean time as stored text: 'YYYY-MM-DD HH:MM:SS' (the product shows and stores KST). */
export function kst(date: Date = new Date()): string {
  return new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function daysFromNow(days: number): string {
  return kst(new Date(Date.now() + days * 86400_000));
}

/** Stored KST text → ISO 8601 with the +09:00 offset the contract uses. */
export const iso = (text: string): string => `${text.replace(' ', 'T')}+09:00`;
export const isoOrNull = (text: string | null | undefined): string | null => (text ? iso(text) : null);
