/** Whether the browser knows this IANA time zone (case-insensitive, like Intl itself). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface ClockFormatOptions {
  /** IANA name; empty for the wall's own time zone. */
  timeZone: string;
  hourCycle: '24h' | '12h';
  showSeconds: boolean;
  showDate: boolean;
}

export interface ClockText {
  time: string;
  /** Null when the date is hidden. */
  date: string | null;
}

/**
 * Builds the clock's formatter once per options and language (an Intl.DateTimeFormat is costly to make,
 * cheap to call): a 1 Hz tick then only formats.
 */
export function clockFormatter(options: ClockFormatOptions, locale: string): (at: number) => ClockText {
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const time = new Intl.DateTimeFormat(locale, {
    ...zone,
    hour: options.hourCycle === '24h' ? '2-digit' : 'numeric',
    minute: '2-digit',
    ...(options.showSeconds ? { second: '2-digit' } : {}),
    hourCycle: options.hourCycle === '24h' ? 'h23' : 'h12',
  });
  const date = options.showDate ? new Intl.DateTimeFormat(locale, { ...zone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }) : null;
  return (at) => ({ time: time.format(at), date: date ? date.format(at) : null });
}

/** Milliseconds until the next whole second: the tick lands just after the displayed second changes. */
export const msToNextSecond = (now: number): number => 1000 - (((now % 1000) + 1000) % 1000);
