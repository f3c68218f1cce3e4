/** A pino record as it arrives in the stream: one JSON object per line. */
export interface PinoRecord {
  level: number;
  time?: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// ANSI colours per level: grey for the chatter, red for what needs a hand.
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '31' };

/** Keys the line shows another way (time, level, message) or that only a machine wants (reqId, the request fields in the message). */
const HIDDEN_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'request', 'err']);

function clock(time: number): string {
  const at = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s="]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

export interface PrettyOptions {
  colours: boolean;
}

/**
 * One readable line for a pino record: `14:02:15 WARN  message key=value`. An error's stack follows on
 * indented lines only at error level and above (an unexpected fault, where the stack is what one needs);
 * below that its message is enough.
 */
export function prettyLine(record: PinoRecord, options: PrettyOptions): string {
  const name = LEVEL_NAMES[record.level] ?? String(record.level);
  const label = name.padEnd(5);
  const level = options.colours ? `\u001b[${LEVEL_COLOURS[record.level] ?? '0'}m${label}\u001b[0m` : label;
  const fields = Object.entries(record)
    .filter(([key, value]) => !HIDDEN_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  const err = record.err;
  if (err && record.level < 50) fields.push(`err=${fieldValue(`${err.type ?? 'Error'}: ${err.message ?? ''}`)}`);
  let line = `${clock(record.time ?? Date.now())} ${level} ${record.msg ?? ''}`;
  if (fields.length > 0) line += `  ${fields.join(' ')}`;
  if (err && record.level >= 50) line += `\n${(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).replace(/^/gm, '    ')}`;
  return `${line}\n`;
}

/** A pino destination that writes `prettyLine`s, in-process and synchronously (no transport worker thread). */
export function prettyStream(out: { write(text: string): unknown }, options: PrettyOptions): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      let record: PinoRecord;
      try {
        record = JSON.parse(chunk) as PinoRecord;
      } catch {
        out.write(chunk); // not a record: pass it on untouched rather than lose it
        return;
      }
      out.write(prettyLine(record, options));
    },
  };
}
