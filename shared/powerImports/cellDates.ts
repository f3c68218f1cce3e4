import type { ImportDateFormat, ImportInterval } from './constants';

/**
 * Period cells of an imported file → epoch ms. A file's times are wall-clock times in the file's own zone (a
 * utility in Europe/Berlin, a plant in Asia/Shanghai); only an ISO cell with Z or an offset says its instant itself.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
function offsetAt(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

/** Whether the parts name a real calendar day and clock time. */
export function isValidWallTime(w: WallTime): boolean {
  return (
    w.year >= 1900 &&
    w.year <= 2100 &&
    w.month >= 1 &&
    w.month <= 12 &&
    w.day >= 1 &&
    w.day <= daysIn(w.year, w.month) &&
    w.hour >= 0 &&
    w.hour <= 23 &&
    w.minute >= 0 &&
    w.minute <= 59 &&
    w.second >= 0 &&
    w.second <= 59
  );
}

/**
 * The instant a wall time names in a zone, or null when the zone skips it (the spring-forward hour). A repeated
 * wall time (the autumn hour) names its first occurrence.
 */
export function wallTimeToEpoch(w: WallTime, timeZone: string): number | null {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond ?? 0);
  // The two offsets around the instant: try the earlier one first so a repeated hour takes its first occurrence.
  const candidates = [offsetAt(naive - 86_400_000, timeZone), offsetAt(naive + 86_400_000, timeZone), offsetAt(naive, timeZone)];
  const found = [...new Set(candidates)]
    .map((offset) => naive - offset)
    .filter((instant) => offsetAt(instant, timeZone) === naive - instant)
    .sort((x, y) => x - y);
  return found[0] ?? null;
}

/** The wall time of an instant in a zone. */
export function epochToWallTime(instant: number, timeZone: string): WallTime {
  const shifted = new Date(instant + offsetAt(instant, timeZone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

export type DateOutcome = { at: number } | { reason: string };

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const YMD = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** Excel date cells as the file reader writes them: the cell's wall time without a zone. */
const EXCEL_CELL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
/** Day 0 of Excel's 1900 date system is 1899-12-30 (it counts the 1900 leap day that never was). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

function fromParts(parts: (string | undefined)[], timeZone: string, shape: string): DateOutcome {
  const [year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = parts;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, '0')),
  };
  if (!isValidWallTime(wall)) return { reason: `is not a real date and time (${shape})` };
  const at = wallTimeToEpoch(wall, timeZone);
  return at === null ? { reason: `does not exist in ${timeZone} (the clocks skip it)` } : { at };
}

function offsetMs(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

/** An Excel serial day number (1900 system; the fraction is the time of day) as a wall time. */
export function excelSerialToWallTime(serial: number): WallTime | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 73_051) return null;
  // Round to the millisecond: a serial is a binary fraction of a day, so 0.5 h comes back as 29:59.999…
  const asUtc = new Date(EXCEL_EPOCH_UTC + Math.round(serial * 86_400_000));
  // …and to the second, since spreadsheets store times to the second.
  const seconds = Math.round(asUtc.getUTCMilliseconds() / 1000);
  asUtc.setUTCMilliseconds(0);
  asUtc.setUTCSeconds(asUtc.getUTCSeconds() + seconds);
  return {
    year: asUtc.getUTCFullYear(),
    month: asUtc.getUTCMonth() + 1,
    day: asUtc.getUTCDate(),
    hour: asUtc.getUTCHours(),
    minute: asUtc.getUTCMinutes(),
    second: asUtc.getUTCSeconds(),
  };
}

/** One period cell in the mapping's format and zone. */
export function parseCellDate(cell: string, format: ImportDateFormat, timeZone: string): DateOutcome {
  const text = cell.trim();
  if (text === '') return { reason: 'is empty' };
  if (format === 'iso') {
    const match = ISO.exec(text);
    if (!match) return { reason: 'is not ISO 8601 (YYYY-MM-DDThh:mm[:ss][Z|±hh:mm])' };
    const zone = match[8];
    if (zone === undefined) return fromParts(match.slice(1, 8), timeZone, 'ISO 8601');
    const local = fromParts(match.slice(1, 8), 'UTC', 'ISO 8601');
    return 'at' in local ? { at: local.at - offsetMs(zone) } : local;
  }
  if (format === 'YYYY-MM-DD HH:mm') {
    const match = YMD.exec(text);
    return match ? fromParts(match.slice(1, 7), timeZone, 'YYYY-MM-DD HH:mm') : { reason: 'is not YYYY-MM-DD HH:mm' };
  }
  if (format === 'DD/MM/YYYY HH:mm') {
    const match = DMY.exec(text);
    if (!match) return { reason: 'is not DD/MM/YYYY HH:mm' };
    const [, day, month, year, hour, minute, second] = match;
    return fromParts([year, month, day, hour, minute, second], timeZone, 'DD/MM/YYYY HH:mm');
  }
  const cellMatch = EXCEL_CELL.exec(text);
  if (cellMatch) return fromParts(cellMatch.slice(1, 8), timeZone, 'Excel date');
  const serial = /^\d+(?:\.\d+)?$/.test(text) ? excelSerialToWallTime(Number(text)) : null;
  if (!serial) return { reason: 'is not an Excel date (a date cell or a serial day number)' };
  const at = wallTimeToEpoch(serial, timeZone);
  return at === null ? { reason: `does not exist in ${timeZone} (the clocks skip it)` } : { at };
}

/** The end of a fixed-length period starting at `start`; days and months are calendar ones in the zone (23 or 25 h on DST days). */
export function periodEndOf(start: number, interval: ImportInterval, timeZone: string): number | null {
  if (interval === '15min') return start + 15 * 60_000;
  if (interval === 'hour') return start + 3_600_000;
  const wall = epochToWallTime(start, timeZone);
  const next: WallTime =
    interval === 'day'
      ? (() => {
          const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
          return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        })()
      : (() => {
          const index = wall.year * 12 + wall.month; // the next month, 1-based
          const year = Math.floor(index / 12);
          const month = (index % 12) + 1;
          return { ...wall, year, month, day: Math.min(wall.day, daysIn(year, month)) };
        })();
  return wallTimeToEpoch(next, timeZone);
}

/** The format the first cell suggests, or null. */
export function guessDateFormat(cell: string): ImportDateFormat | null {
  const text = cell.trim();
  if (/^\d{5}(?:\.\d+)?$/.test(text)) return 'excel';
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) || /(Z|[+-]\d{2}:?\d{2})$/.test(text)) return 'iso';
  if (YMD.test(text)) return 'YYYY-MM-DD HH:mm';
  if (DMY.test(text)) return 'DD/MM/YYYY HH:mm';
  return null;
}
