import type { ReportLang } from '@shared/reports/constants';
import type { Paper } from '@shared/reports/spec';
import type { ReportColumnHead, ReportTable } from '@shared/reports/table';
import { reportFilesEn } from '@shared/i18n/locales/reportFiles/en';
import { reportFilesEs } from '@shared/i18n/locales/reportFiles/es';
import { reportFilesZh } from '@shared/i18n/locales/reportFiles/zh';

/** Texts written into the files, in the report's language. */
export const FILE_TEXTS = { en: reportFilesEn, zh: reportFilesZh, es: reportFilesEs } as const;
export type FileTexts = (typeof FILE_TEXTS)[ReportLang];

export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? ''));

const LOCALE_TAGS: Record<ReportLang, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };

/**
 * Numbers as the file shows them: the column's decimals, the language's separators and a thousands separator
 * always (es-ES leaves four-digit numbers ungrouped by default, a printed report groups them like the rest), and
 * no "-0.00" for a value that rounds to zero.
 */
export function numberFormatter(lang: ReportLang): (value: number, decimals: number) => string {
  const formats = new Map<number, Intl.NumberFormat>();
  return (value, decimals) => {
    const digits = Math.min(20, Math.max(0, Math.trunc(decimals)));
    let format = formats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(LOCALE_TAGS[lang], {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: 'always',
        signDisplay: 'negative',
      } as Intl.NumberFormatOptions);
      formats.set(digits, format);
    }
    return format.format(value);
  };
}

/** "2026-11-01 09:00" in the report's time zone. */
export function localTime(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Paper sizes in PDF points (1/72 inch), portrait. */
const PAPER_POINTS = { A4: [595.28, 841.89], A3: [841.89, 1190.55] } as const;

/** Where things go on a page; every figure in points from the top-left corner. */
export interface PageGeometry {
  width: number;
  height: number;
  left: number;
  right: number;
  /** the running header's text line (report title, small) and the rule under it */
  headerY: number;
  headerRuleY: number;
  contentTop: number;
  contentBottom: number;
  footerRuleY: number;
  footerY: number;
}

export function pageGeometry(paper: Paper): PageGeometry {
  const [short, long] = PAPER_POINTS[paper.size];
  const [width, height] = paper.orientation === 'landscape' ? [long, short] : [short, long];
  const margin = 32;
  return {
    width,
    height,
    left: margin,
    right: width - margin,
    headerY: 16,
    headerRuleY: 28,
    contentTop: 38,
    contentBottom: height - 36,
    footerRuleY: height - 30,
    footerY: height - 25,
  };
}

/** Font sizes and spacing of the table. */
export const STYLE = {
  title: 15,
  subtitle: 9,
  running: 7,
  body: 7.5,
  padX: 3,
  padY: 2.5,
  indent: 10,
  /** narrowest and widest value column, and the label column's share of the width at most */
  minColumn: 34,
  maxColumn: 150,
  minLabel: 70,
  maxLabel: 220,
  maxLabelShare: 0.32,
  /** a header wider than this wraps (unless its values are wider) */
  headerWrap: 50,
} as const;

/** A column's header text: its label and its unit in brackets, unless the label already says the unit. */
export function headerText(column: ReportColumnHead): string {
  return column.unit && !column.label.includes(column.unit) ? `${column.label} (${column.unit})` : column.label;
}

/** How a band of columns is described in the footer when the columns need more than one band. */
export function columnName(column: ReportColumnHead): string {
  return column.group ? `${column.group} ${column.label}` : column.label;
}

/** Measures text with the document's fonts ('body' or 'bold'). */
export interface Measure {
  width(text: string, bold: boolean, size: number): number;
  height(text: string, bold: boolean, size: number, width: number): number;
  lineHeight(bold: boolean, size: number): number;
}

export function measureOn(doc: PDFKit.PDFDocument): Measure {
  const lineHeights = new Map<string, number>();
  const select = (bold: boolean, size: number) => doc.font(bold ? 'bold' : 'body').fontSize(size);
  return {
    width: (text, bold, size) => select(bold, size).widthOfString(text),
    height: (text, bold, size, width) => {
      const one = select(bold, size).widthOfString(text);
      // One line needs no wrapping pass (the common case, and the fast one for a thousand rows).
      if (one <= width && !text.includes('\n')) return doc.currentLineHeight(true);
      return doc.heightOfString(text, { width });
    },
    lineHeight: (bold, size) => {
      const key = `${bold}:${size}`;
      let height = lineHeights.get(key);
      if (height === undefined) {
        height = select(bold, size).currentLineHeight(true);
        lineHeights.set(key, height);
      }
      return height;
    },
  };
}

/** The narrowest width a text can wrap into: its widest word (CJK text breaks between characters). */
export function narrowestWrap(measure: Measure, text: string, bold: boolean, size: number): number {
  let widest = 0;
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    // Count a CJK run as breakable after any character: its widest piece is about two characters.
    const piece = /[\u3000-\u9fff\uff00-\uffef]/.test(word) ? word.slice(0, 2) : word;
    widest = Math.max(widest, measure.width(piece, bold, size));
  }
  return widest;
}

/** Which columns each horizontal band holds and how wide everything is. */
export interface TablePlan {
  labelWidth: number;
  columnWidths: number[];
  /** column indexes per band, in order; at least one band (maybe empty when the table has no value columns) */
  bands: number[][];
  /** room kept right of every number for the estimated mark "*" */
  starWidth: number;
}

export function planTable(table: ReportTable, measure: Measure, available: number, format: (value: number, decimals: number) => string): TablePlan {
  const size = STYLE.body;
  const starWidth = table.rows.some((row) => row.estimated.length > 0) ? measure.width('*', true, size) + 0.5 : 0;

  const columnWidths = table.columns.map((column, index) => {
    let widest = 0;
    for (const row of table.rows) {
      const value = row.cells[index];
      if (value === null || value === undefined) continue;
      widest = Math.max(widest, measure.width(format(value, column.decimals), row.kind !== 'data', size));
    }
    const head = headerText(column);
    const headWidth = Math.max(narrowestWrap(measure, head, true, size), Math.min(measure.width(head, true, size), STYLE.headerWrap));
    // A merged group cell shares its words' width among the columns it spans (a date must not break in two).
    const groupWidth = column.group ? narrowestWrap(measure, column.group, true, size) / groupSpan(table.columns, index) : 0;
    const width = Math.max(widest + starWidth, headWidth, groupWidth) + 2 * STYLE.padX;
    return Math.min(Math.max(width, STYLE.minColumn), STYLE.maxColumn);
  });

  let labelDesired = measure.width(table.rowHeader, true, size);
  for (const row of table.rows) {
    const label = measure.width(row.label, row.kind !== 'data', size) + row.level * STYLE.indent;
    const code = row.code && row.code !== row.label ? measure.width(row.code, false, size) + 4 : 0;
    labelDesired = Math.max(labelDesired, label + code);
  }
  labelDesired += 2 * STYLE.padX;
  let labelWidth = Math.min(Math.max(labelDesired, STYLE.minLabel), STYLE.maxLabel, available * STYLE.maxLabelShare);

  const room = available - labelWidth;
  const widths = columnWidths.map((width) => Math.min(width, room));
  const bands = splitBands(widths, room);
  if (bands.length === 1) {
    // One band with room to spare: let long labels use it instead of wrapping.
    const used = (bands[0] ?? []).reduce((sum, index) => sum + widths[index]!, 0);
    labelWidth = Math.min(Math.max(labelWidth, Math.min(labelDesired, labelWidth + (room - used))), available - used);
  }
  return { labelWidth, columnWidths: widths, bands, starWidth };
}

/** How many neighbours (including itself) share column `index`'s group. */
function groupSpan(columns: ReportColumnHead[], index: number): number {
  const group = columns[index]?.group;
  let start = index;
  let end = index;
  while (start > 0 && columns[start - 1]?.group === group) start -= 1;
  while (end < columns.length - 1 && columns[end + 1]?.group === group) end += 1;
  return end - start + 1;
}

/**
 * Columns into bands that each fit `room`: the fewest bands, then the columns spread evenly over them (31 days
 * become 16 + 15, not 28 + 3) when an even spread still fits.
 */
export function splitBands(widths: number[], room: number): number[][] {
  const greedy: number[][] = [];
  let current: number[] = [];
  let used = 0;
  widths.forEach((width, index) => {
    if (current.length > 0 && used + width > room) {
      greedy.push(current);
      current = [];
      used = 0;
    }
    current.push(index);
    used += width;
  });
  if (current.length > 0 || greedy.length === 0) greedy.push(current);
  if (greedy.length <= 1) return greedy;

  const count = greedy.length;
  const even: number[][] = [];
  const base = Math.floor(widths.length / count);
  const extra = widths.length % count;
  let start = 0;
  for (let band = 0; band < count; band++) {
    const take = base + (band < extra ? 1 : 0);
    const indexes = Array.from({ length: take }, (_unused, offset) => start + offset);
    if (indexes.reduce((sum, index) => sum + widths[index]!, 0) > room) return greedy;
    even.push(indexes);
    start += take;
  }
  return even;
}

/** `text` cut with "…" so it fits `width`. */
export function fitText(measure: Measure, text: string, bold: boolean, size: number, width: number): string {
  if (measure.width(text, bold, size) <= width) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure.width(`${chars.slice(0, middle).join('')}…`, bold, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${chars.slice(0, low).join('')}…`;
}
