import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import type { Paper } from '@shared/reports/spec';
import type { RenderControl, ReportRow, ReportTable } from '@shared/reports/table';
// Imported under another name: the React hooks lint rule reads any "use…" call as a hook.
import { registerReportFonts } from '../pdf/fonts';
import { drawChart } from './pdfChart';
import {
  FILE_TEXTS,
  STYLE,
  columnName,
  fill,
  fitText,
  headerText,
  localTime,
  measureOn,
  numberFormatter,
  pageGeometry,
  planTable,
  type Measure,
  type PageGeometry,
  type TablePlan,
} from './pdfLayout';

const PDF_LANGS = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' } as const;
const MUTED = '#555555';
const HEADER_FILL = '#edf1f6';
const TOTAL_FILL = '#f2f2f2';
const HAIRLINE = '#e3e3e3';

/** The vertical layout of one row's label cell. */
interface RowLayout {
  height: number;
  /** the label fits on one line (drawn without the line wrapper) */
  oneLine: boolean;
  /** where the object code goes: after the label on its line, on a line of its own under it, or nowhere */
  code: 'inline' | 'below' | 'none';
  labelHeight: number;
}

/** One band's header: merged group cells over equal neighbours, then the column heads. */
interface HeaderLayout {
  groupHeight: number;
  headHeight: number;
  groups: { text: string; x: number; width: number }[];
}

/**
 * A report table as a PDF on A4/A3 paper: title and subtitle, the chart (vector, above the table or on its own
 * page), then the table. Columns that do not fit the page width are split into horizontal bands, each repeating
 * the label column and paginated down with its header on every page; the footer names a band's columns. Pages
 * carry a small running title, the generated time and "Page n of N" (numbered after layout). Yields to the event
 * loop every page so the API stays responsive, and stops with the signal's reason when it is aborted.
 */
export async function renderPdf(table: ReportTable, control: RenderControl, paper: Paper): Promise<Buffer> {
  stopIfAborted(control.signal);
  const page = pageGeometry(paper);
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    bufferPages: true,
    lang: PDF_LANGS[table.lang],
    displayTitle: true,
    info: { Title: table.title, Subject: table.subtitle, CreationDate: new Date(table.generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  registerReportFonts(doc);
  const measure = measureOn(doc);
  const format = numberFormatter(table.lang);
  const texts = FILE_TEXTS[table.lang];
  const contentWidth = page.right - page.left;
  const plan = planTable(table, measure, contentWidth, format);
  const rows = table.rows.map((row) => rowLayout(row, plan, measure));
  /** the band each page shows (null: title/chart/notes only) */
  const pageBands: (number | null)[] = [null];
  const newPage = (band: number | null) => {
    doc.addPage();
    pageBands.push(band);
  };
  const work = Math.max(1, table.rows.length * plan.bands.length);
  let worked = 0;
  const breathe = async () => {
    control.progress(Math.min(0.95, (worked / work) * 0.95));
    stopIfAborted(control.signal);
    await nextTurn();
    stopIfAborted(control.signal);
  };

  let y = drawTitle(doc, table, page, measure);
  const headers = plan.bands.map((band) => headerLayout(table, plan, band, measure, page));

  if (table.chart && table.chart.categories.length > 0) {
    const contentHeight = page.contentBottom - page.contentTop;
    const chartHeight = Math.min(240, contentHeight * 0.45);
    if (y + chartHeight > page.contentBottom) {
      newPage(null);
      y = page.contentTop;
    }
    drawChart(doc, table.chart, { x: page.left, y, width: contentWidth, height: chartHeight }, measure, format);
    y += chartHeight + 12;
  }

  for (const [bandIndex, band] of plan.bands.entries()) {
    const header = headers[bandIndex]!;
    const firstRow = rows[0]?.height ?? 0;
    if (bandIndex > 0 || y + header.groupHeight + header.headHeight + firstRow * 3 > page.contentBottom) {
      await breathe();
      newPage(bandIndex);
      y = page.contentTop;
    } else {
      pageBands[pageBands.length - 1] = bandIndex;
    }
    y = drawHeader(doc, table, plan, band, header, page, y);
    for (const [rowIndex, row] of table.rows.entries()) {
      const layout = rows[rowIndex]!;
      if (y + layout.height > page.contentBottom) {
        await breathe();
        newPage(bandIndex);
        y = drawHeader(doc, table, plan, band, header, page, page.contentTop);
      }
      drawRow(doc, table, plan, band, row, layout, page, y, measure, format);
      y += layout.height;
      worked += 1;
    }
  }

  const notes = [...table.notes];
  if (table.rows.length === 0) notes.unshift(texts.noData);
  if (table.rows.some((row) => row.estimated.length > 0) && !notes.some((note) => note.trimStart().startsWith('*'))) notes.push(texts.estimatedNote);
  y += 8;
  doc.font('body').fontSize(STYLE.body).fillColor(MUTED);
  for (const note of notes) {
    const height = measure.height(note, false, STYLE.body, contentWidth);
    if (y + height > page.contentBottom) {
      newPage(null);
      y = page.contentTop;
    }
    doc.font('body').fontSize(STYLE.body).fillColor(MUTED).text(note, page.left, y, { width: contentWidth });
    y += height + 2;
  }

  await breathe();
  drawRunningParts(doc, table, plan, pageBands, page, measure);
  control.progress(0.97);
  doc.end();
  await ended;
  control.progress(1);
  return Buffer.concat(chunks);
}

/** A cancelled job ends with an AbortError whatever reason the signal was given: the runner tells cancel from failure by the name. */
function stopIfAborted(signal: AbortSignal): void {
  if (!signal.aborted) return;
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') throw reason;
  throw new DOMException('The report was cancelled', 'AbortError');
}

function drawTitle(doc: PDFKit.PDFDocument, table: ReportTable, page: PageGeometry, measure: Measure): number {
  const width = page.right - page.left;
  let y = page.contentTop;
  const titleHeight = measure.height(table.title, true, STYLE.title, width);
  doc.font('bold').fontSize(STYLE.title).fillColor('#000000').text(table.title, page.left, y, { width });
  y += titleHeight + 2;
  if (table.subtitle) {
    const subtitleHeight = measure.height(table.subtitle, false, STYLE.subtitle, width);
    doc.font('body').fontSize(STYLE.subtitle).fillColor(MUTED).text(table.subtitle, page.left, y, { width });
    y += subtitleHeight;
  }
  return y + 10;
}

function rowLayout(row: ReportRow, plan: TablePlan, measure: Measure): RowLayout {
  const bold = row.kind !== 'data';
  const room = labelRoom(row, plan);
  const lineHeight = measure.lineHeight(bold, STYLE.body);
  const labelWidth = measure.width(row.label, bold, STYLE.body);
  const oneLine = labelWidth <= room && !row.label.includes('\n');
  const labelHeight = oneLine ? lineHeight : measure.height(row.label, bold, STYLE.body, room);
  let code: RowLayout['code'] = 'none';
  let height = labelHeight;
  if (row.code && row.code !== row.label) {
    if (oneLine && labelWidth + 4 + measure.width(row.code, false, STYLE.body) <= room) code = 'inline';
    else {
      code = 'below';
      height += measure.lineHeight(false, STYLE.body);
    }
  }
  return { height: height + 2 * STYLE.padY, oneLine, code, labelHeight };
}

const labelRoom = (row: ReportRow, plan: TablePlan) => Math.max(10, plan.labelWidth - 2 * STYLE.padX - row.level * STYLE.indent);
const bandWidth = (plan: TablePlan, band: number[]) => plan.labelWidth + band.reduce((sum, index) => sum + plan.columnWidths[index]!, 0);

function headerLayout(table: ReportTable, plan: TablePlan, band: number[], measure: Measure, page: PageGeometry): HeaderLayout {
  const groups: HeaderLayout['groups'] = [];
  let x = page.left + plan.labelWidth;
  let previous: string | undefined;
  for (const index of band) {
    const column = table.columns[index]!;
    const width = plan.columnWidths[index]!;
    const last = groups[groups.length - 1];
    if (column.group && column.group === previous && last) last.width += width;
    else if (column.group) groups.push({ text: column.group, x, width });
    previous = column.group;
    x += width;
  }
  const pad = 2 * STYLE.padY;
  const groupHeight = groups.length ? Math.max(...groups.map((group) => measure.height(group.text, true, STYLE.body, group.width - 2 * STYLE.padX))) + pad : 0;
  let headHeight = Math.max(
    measure.lineHeight(true, STYLE.body),
    ...band.map((index) => measure.height(headerText(table.columns[index]!), true, STYLE.body, plan.columnWidths[index]! - 2 * STYLE.padX)),
  );
  headHeight += pad;
  const rowHeader = measure.height(table.rowHeader, true, STYLE.body, plan.labelWidth - 2 * STYLE.padX) + pad;
  return { groupHeight, headHeight: Math.max(headHeight, rowHeader - groupHeight), groups };
}

/** Draws a band's header at `top` and answers where the first row starts. */
function drawHeader(
  doc: PDFKit.PDFDocument,
  table: ReportTable,
  plan: TablePlan,
  band: number[],
  header: HeaderLayout,
  page: PageGeometry,
  top: number,
): number {
  const width = bandWidth(plan, band);
  const height = header.groupHeight + header.headHeight;
  const bottom = top + height;
  doc.rect(page.left, top, width, height).fillColor(HEADER_FILL).fill();
  doc.font('bold').fontSize(STYLE.body).fillColor('#000000');

  const labelText = plan.labelWidth - 2 * STYLE.padX;
  const rowHeaderHeight = doc.heightOfString(table.rowHeader, { width: labelText });
  doc.text(table.rowHeader, page.left + STYLE.padX, bottom - STYLE.padY - rowHeaderHeight, { width: labelText });

  for (const group of header.groups) {
    doc.text(group.text, group.x + STYLE.padX, top + STYLE.padY, { width: group.width - 2 * STYLE.padX, align: 'center' });
    const ruleY = top + header.groupHeight - 1;
    doc
      .moveTo(group.x + 3, ruleY)
      .lineTo(group.x + group.width - 3, ruleY)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
  }

  let x = page.left + plan.labelWidth;
  doc.font('bold').fontSize(STYLE.body).fillColor('#000000');
  for (const index of band) {
    const columnWidth = plan.columnWidths[index]!;
    const text = headerText(table.columns[index]!);
    const textWidth = columnWidth - 2 * STYLE.padX;
    const textHeight = doc.heightOfString(text, { width: textWidth });
    doc.text(text, x + STYLE.padX, bottom - STYLE.padY - textHeight, { width: textWidth, align: 'right' });
    x += columnWidth;
  }
  doc
    .moveTo(page.left, bottom)
    .lineTo(page.left + width, bottom)
    .lineWidth(0.8)
    .strokeColor('#000000')
    .stroke();
  return bottom;
}

function drawRow(
  doc: PDFKit.PDFDocument,
  table: ReportTable,
  plan: TablePlan,
  band: number[],
  row: ReportRow,
  layout: RowLayout,
  page: PageGeometry,
  top: number,
  measure: Measure,
  format: (value: number, decimals: number) => string,
): void {
  const width = bandWidth(plan, band);
  const bold = row.kind !== 'data';
  if (row.kind === 'total') doc.rect(page.left, top, width, layout.height).fillColor(TOTAL_FILL).fill();
  if (bold) {
    doc
      .moveTo(page.left, top)
      .lineTo(page.left + width, top)
      .lineWidth(row.kind === 'total' ? 0.8 : 0.5)
      .strokeColor('#333333')
      .stroke();
  } else {
    doc
      .moveTo(page.left, top + layout.height)
      .lineTo(page.left + width, top + layout.height)
      .lineWidth(0.3)
      .strokeColor(HAIRLINE)
      .stroke();
  }

  const textTop = top + STYLE.padY;
  const labelX = page.left + STYLE.padX + row.level * STYLE.indent;
  const font = bold ? 'bold' : 'body';
  doc.font(font).fontSize(STYLE.body).fillColor('#000000');
  if (layout.oneLine) doc.text(row.label, labelX, textTop, { lineBreak: false });
  else doc.text(row.label, labelX, textTop, { width: labelRoom(row, plan) });
  if (layout.code !== 'none') {
    const x = layout.code === 'inline' ? labelX + measure.width(row.label, bold, STYLE.body) + 4 : labelX;
    const y = layout.code === 'inline' ? textTop : textTop + layout.labelHeight;
    doc.font('body').fontSize(STYLE.body).fillColor(MUTED).text(row.code, x, y, { lineBreak: false });
    doc.font(font).fillColor('#000000');
  }

  const estimated = new Set(row.estimated);
  let x = page.left + plan.labelWidth;
  for (const index of band) {
    const columnWidth = plan.columnWidths[index]!;
    const value = row.cells[index];
    if (value !== null && value !== undefined) {
      const right = x + columnWidth - STYLE.padX - plan.starWidth;
      const text = format(value, table.columns[index]!.decimals);
      doc.text(text, right - measure.width(text, bold, STYLE.body), textTop, { lineBreak: false });
      if (estimated.has(index)) doc.text('*', right + 0.5, textTop, { lineBreak: false });
    }
    x += columnWidth;
  }
}

/** Running title, rules, generated time, the band's columns and "Page n of N" on every page, after layout. */
function drawRunningParts(
  doc: PDFKit.PDFDocument,
  table: ReportTable,
  plan: TablePlan,
  pageBands: (number | null)[],
  page: PageGeometry,
  measure: Measure,
): void {
  const texts = FILE_TEXTS[table.lang];
  const range = doc.bufferedPageRange();
  const generated = fill(texts.generated, { time: localTime(table.generatedAt, table.timeZone) });
  const size = STYLE.running;
  const width = page.right - page.left;
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    doc.font('body').fontSize(size).fillColor(MUTED);
    if (index > 0) {
      doc.text(fitText(measure, table.title, false, size, width * 0.7), page.left, page.headerY, { lineBreak: false });
      doc.moveTo(page.left, page.headerRuleY).lineTo(page.right, page.headerRuleY).lineWidth(0.4).strokeColor(HAIRLINE).stroke();
    }
    doc.moveTo(page.left, page.footerRuleY).lineTo(page.right, page.footerRuleY).lineWidth(0.4).strokeColor(HAIRLINE).stroke();
    doc.font('body').fontSize(size).fillColor(MUTED);
    const pageText = fill(texts.page, { page: index + 1, pages: range.count });
    const pageWidth = measure.width(pageText, false, size);
    doc.text(pageText, page.right - pageWidth, page.footerY, { lineBreak: false });
    const generatedWidth = measure.width(generated, false, size);
    doc.text(generated, page.left, page.footerY, { lineBreak: false });
    const band = pageBands[index];
    if (plan.bands.length > 1 && band !== null && band !== undefined) {
      const columns = plan.bands[band]!;
      const first = table.columns[columns[0]!];
      const last = table.columns[columns[columns.length - 1]!];
      if (first && last) {
        const room = width - generatedWidth - pageWidth - 24;
        const text = fitText(measure, `${columnName(first)} – ${columnName(last)} (${band + 1}/${plan.bands.length})`, false, size, room);
        doc.text(text, page.left + generatedWidth + 12 + (room - measure.width(text, false, size)) / 2, page.footerY, { lineBreak: false });
      }
    }
  }
}
