import { defaultPatternOf, type BillRules, type BillValuePattern } from '@shared/reports/billSchemas';
import type { BillField } from '@shared/reports/constants';

/** One field a template found: the text as read (dates as YYYY-MM-DD), its number, and its 1-based line. */
export interface FoundField {
  field: BillField;
  text: string;
  value: number | null;
  line: number;
}

export interface AppliedTemplate {
  fields: FoundField[];
  /** fields the rules name that no line gave */
  missing: BillField[];
}

/**
 * Full-width digits, colons, commas and the full-width yen sign read as their ASCII forms, so a Chinese bill's
 * "：１，２３４．５" is read like ": 1,234.5". The line shown to the user stays as extracted.
 */
const normalise = (line: string): string => line.normalize('NFKC');

const WORDISH = /[A-Za-z0-9]/;
/** Before the value: separators, a currency sign or code. After it, a unit (kWh, 元, 元/kWh) is simply not read. */
const LEAD = /^[\s:=：]*(?:¥|\$|RMB|CNY|元)?\s*/;
const NUMBER = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/;
const DATE = /^(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?/;
const WORD = /^[^\s,;，；]+/;

const pad = (n: number) => String(n).padStart(2, '0');

/** A read value: its text (a date as YYYY-MM-DD) and number, or null when the text after the label is not one. */
export function readValue(rest: string, pattern: BillValuePattern): { text: string; value: number | null } | null {
  const after = rest.replace(LEAD, '');
  if (pattern === 'number') {
    const match = NUMBER.exec(after);
    if (!match) return null;
    return { text: match[0], value: Number(match[0].replace(/,/g, '')) };
  }
  if (pattern === 'date') {
    const match = DATE.exec(rest.replace(/^[\s:=]*/, ''));
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return { text: `${year}-${pad(month)}-${pad(day)}`, value: null };
  }
  const match = WORD.exec(rest.replace(/^[\s:=]*/, ''));
  return match ? { text: match[0], value: null } : null;
}

/** Where `label` stands in `line` as a whole (a Latin label does not match inside a longer word), from `from` on. */
function labelAt(line: string, label: string, from: number): number {
  for (let at = line.indexOf(label, from); at >= 0; at = line.indexOf(label, at + 1)) {
    const before = line[at - 1];
    const after = line[at + label.length];
    const startsWordish = WORDISH.test(label[0] ?? '');
    const endsWordish = WORDISH.test(label[label.length - 1] ?? '');
    if (startsWordish && before !== undefined && WORDISH.test(before)) continue;
    if (endsWordish && after !== undefined && WORDISH.test(after)) continue;
    return at;
  }
  return -1;
}

/**
 * Reads each rule's field from the bill's text lines (pure): the `occurrence`-th place its label stands (case
 * as written) followed by a value of its pattern, the value read just after the label on the same line.
 * Places where no value of the pattern follows are not counted, so a label such as "to" or "至" finds the date.
 */
export function applyTemplate(lines: readonly string[], rules: BillRules): AppliedTemplate {
  const normalised = lines.map(normalise);
  const fields: FoundField[] = [];
  const missing: BillField[] = [];
  for (const rule of rules.fields) {
    const label = normalise(rule.label.trim());
    const pattern = rule.pattern ?? defaultPatternOf(rule.field);
    let remaining = rule.occurrence ?? 1;
    let found: FoundField | null = null;
    for (let index = 0; index < normalised.length && !found; index += 1) {
      const line = normalised[index]!;
      for (let at = labelAt(line, label, 0); at >= 0; at = labelAt(line, label, at + 1)) {
        const value = readValue(line.slice(at + label.length), pattern);
        if (!value) continue;
        remaining -= 1;
        if (remaining === 0) {
          found = { field: rule.field, text: value.text, value: value.value, line: index + 1 };
          break;
        }
      }
    }
    if (found) fields.push(found);
    else missing.push(rule.field);
  }
  return { fields, missing };
}
