const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as `YYYY-MM-DD HH:mm` on the clock of a zone (the file's or the server's), not the browser's. */
export function zonedTime(at: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
    } catch {
      // An unknown zone (a draft still being typed): the browser's own.
      formatter = new Intl.DateTimeFormat('en-CA', { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    }
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A period as `start – end`, the end's date left out when it is the start's day. */
export function zonedPeriod(from: number | null, to: number | null, timeZone: string): string {
  if (from === null || to === null) return '—';
  const start = zonedTime(from, timeZone);
  const end = zonedTime(to, timeZone);
  return end.slice(0, 10) === start.slice(0, 10) ? `${start} – ${end.slice(11)}` : `${start} – ${end}`;
}
