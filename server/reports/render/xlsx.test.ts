import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createRequire } from 'node:module';
import type { RenderControl, ReportRow } from '@shared/reports/table';
import { coverRanges, numberFormat, renderXlsx } from './xlsx';
import { addNativeChart, columnLetter } from './xlsxChart';
import { bigTable, bigTableValue, chineseDailyTable, departmentSplitTable } from './sampleTables.test-util';

const control = (onProgress: (fraction: number) => void = () => undefined, signal = new AbortController().signal): RenderControl => ({
  progress: onProgress,
  signal,
});

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

// jsdom (a dev dependency without bundled types) supplies a strict XML parser for the structural checks.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };
const parser = new new JSDOM('').window.DOMParser();
/** Parses an XML part and fails the test when it is not well-formed. */
function xml(text: string): Document {
  const document = parser.parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

/** The chart parts and references of a rendered workbook, each checked to be well-formed XML. */
async function chartParts(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (path: string) => {
    const file = zip.file(path);
    expect(file, path).not.toBeNull();
    const text = await file!.async('string');
    xml(text);
    return text;
  };
  return {
    chart: await read('xl/charts/chart1.xml'),
    drawing: await read('xl/drawings/drawing1.xml'),
    drawingRels: await read('xl/drawings/_rels/drawing1.xml.rels'),
    sheet: await read('xl/worksheets/sheet1.xml'),
    sheetRels: await read('xl/worksheets/_rels/sheet1.xml.rels'),
    types: await read('[Content_Types].xml'),
  };
}

const formulaOf = (cell: ExcelJS.Cell) => cell.value as ExcelJS.CellFormulaValue;

describe('renderXlsx', () => {
  it('writes the department table: titles, merged group row, frozen panes, number formats, SUBTOTAL formulas with results, estimated cells, notes', async () => {
    const sheet = await readBack(await renderXlsx(departmentSplitTable(), control()));
    expect(sheet.name).toBe('Department energy and cost');
    expect(sheet.getCell('A1').value).toBe('Department energy and cost');
    expect(sheet.getCell('A1').font.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('2026-10-01 – 2026-10-02 · Asia/Shanghai');

    // Group row 4 merged over equal neighbours, fixed and ungrouped columns spanning rows 4–5.
    expect([...sheet.model.merges].sort()).toEqual(['A4:A5', 'B4:B5', 'C4:D4', 'E4:F4', 'G4:G5', 'H4:H5']);
    expect(['A4', 'B4', 'C4', 'E4', 'G4', 'H4'].map((ref) => sheet.getCell(ref).value)).toEqual([
      'Meter',
      'Code',
      '2026-10-01',
      '2026-10-02',
      'Max demand (kW)',
      'Share (%)',
    ]);
    expect(['C5', 'D5', 'E5', 'F5'].map((ref) => sheet.getCell(ref).value)).toEqual(['Energy (kWh)', 'Cost (CNY)', 'Energy (kWh)', 'Cost (CNY)']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 5, topLeftCell: 'C6' });

    // Data rows: numbers stay numbers, nested rows indented, formats from decimals and kind.
    expect(sheet.getRow(6).values).toEqual([undefined, 'Compressor "A", north', 'M-001', 120.5, 84.35, 130.25, 91.18, 42.3, 90]);
    expect(sheet.getCell('A6').alignment.indent).toBe(1);
    expect(['C6', 'D6', 'G6', 'H6'].map((ref) => sheet.getCell(ref).numFmt)).toEqual(['#,##0.00', '#,##0.00', '#,##0.0', '0.0']);
    expect(sheet.getCell('E7').value).toBeNull();
    // Estimated: shaded, "*" in the number format, the value still the number 80.
    expect(sheet.getCell('C7').value).toBe(80);
    expect(sheet.getCell('C7').numFmt).toBe('#,##0.00"*"');
    expect((sheet.getCell('C7').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFF2CC');
    expect(sheet.getCell('G7').numFmt).toBe('#,##0.0');

    // Subtotals: SUBTOTAL(9) for sums, (4) for max, the value where the column has no total; bold.
    expect(formulaOf(sheet.getCell('C8'))).toEqual({ formula: 'SUBTOTAL(9,C6:C7)', result: 200.5 });
    expect(formulaOf(sheet.getCell('D8'))).toEqual({ formula: 'SUBTOTAL(9,D6:D7)', result: 140.35 });
    expect(formulaOf(sheet.getCell('G8'))).toEqual({ formula: 'SUBTOTAL(4,G6:G7)', result: 42.3 });
    expect(sheet.getCell('H8').value).toBe(90);
    expect(sheet.getCell('A8').font.bold).toBe(true);
    expect(sheet.getCell('C8').font.bold).toBe(true);
    expect(formulaOf(sheet.getCell('F10'))).toEqual({ formula: 'SUBTOTAL(9,F9)', result: 10.15 });
    // The total spans the Workshop subtotal in row 8, which SUBTOTAL skips: 120.5 + 80 + 15.75 = 216.25.
    expect(formulaOf(sheet.getCell('C11'))).toEqual({ formula: 'SUBTOTAL(9,C6:C9)', result: 216.25 });
    expect(formulaOf(sheet.getCell('F11'))).toEqual({ formula: 'SUBTOTAL(9,F6:F9)', result: 101.33 });
    expect(formulaOf(sheet.getCell('G11'))).toEqual({ formula: 'SUBTOTAL(4,G6:G9)', result: 42.3 });
    expect(sheet.getCell('H11').value).toBe(100);
    expect(sheet.getCell('E11').numFmt).toBe('#,##0.00"*"');

    // Notes under the table, then the chart's data block (its rows are not one block in the table).
    expect(sheet.getCell('A13').value).toBe('* includes estimated (completed) data');
    expect(sheet.getCell('A15').value).toBe('Chart data: Energy 2026-10-01');
    expect([16, 17, 18].map((row) => [sheet.getCell(row, 1).value, sheet.getCell(row, 2).value])).toEqual([
      ['Compressor "A", north', 120.5],
      ['Compressor B', 80],
      ['Office lighting', 15.75],
    ]);

    // Fitted widths: the label column fits "Compressor "A", north" (21 characters + indent), values stay narrow.
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(23);
    expect(sheet.getColumn(3).width).toBeLessThanOrEqual(25);
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 });
  });

  it('adds a native bar chart over its data block: chart, drawing, relationships, the <drawing> element and content types', async () => {
    const parts = await chartParts(await renderXlsx(departmentSplitTable(), control()));
    const chart = xml(parts.chart);
    expect(chart.getElementsByTagName('c:barChart')).toHaveLength(1);
    expect(chart.getElementsByTagName('c:barDir')[0]!.getAttribute('val')).toBe('col');
    const refs = [...chart.getElementsByTagName('c:f')].map((node) => node.textContent);
    expect(refs).toEqual(["'Department energy and cost'!$A$16:$A$18", "'Department energy and cost'!$B$16:$B$18"]);
    const cached = (tag: string) => [...chart.getElementsByTagName(tag)[0]!.getElementsByTagName('c:v')].map((node) => node.textContent);
    expect(cached('c:strCache')).toEqual(['Compressor "A", north', 'Compressor B', 'Office lighting']);
    expect(cached('c:numCache')).toEqual(['120.5', '80', '15.75']);
    expect(chart.getElementsByTagName('a:t')[0]!.textContent).toBe('Energy 2026-10-01');

    const drawing = xml(parts.drawing);
    expect(drawing.getElementsByTagName('xdr:twoCellAnchor')).toHaveLength(1);
    // Anchored from 0-based row 19, i.e. below the data block that ends in sheet row 18.
    expect(drawing.getElementsByTagName('xdr:from')[0]!.getElementsByTagName('xdr:row')[0]!.textContent).toBe('19');
    expect(drawing.getElementsByTagName('c:chart')[0]!.getAttribute('r:id')).toBe('rId1');
    expect(parts.drawingRels).toContain(
      'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart1.xml"',
    );

    const relId =
      /Id="(rId\d+)" Type="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/relationships\/drawing" Target="..\/drawings\/drawing1.xml"/.exec(
        parts.sheetRels,
      )?.[1];
    expect(relId).toBeDefined();
    const sheet = xml(parts.sheet);
    const drawingElement = sheet.getElementsByTagName('drawing')[0]!;
    expect(drawingElement.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id')).toBe(relId);
    // CT_Worksheet order: … pageMargins, pageSetup, headerFooter, …, drawing, legacyDrawing, …
    const order = [...sheet.documentElement.children].map((node) => node.tagName);
    expect(order.indexOf('drawing')).toBeGreaterThan(order.indexOf('pageSetup'));
    expect(order.indexOf('drawing')).toBeGreaterThan(order.indexOf('mergeCells'));
    expect(order[order.length - 1]).toBe('drawing');

    expect(parts.types).toContain(
      '<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>',
    );
    expect(parts.types).toContain('<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>');
  });

  it('round-trips Chinese labels; the line chart refers to the table rows directly', async () => {
    const bytes = await renderXlsx(chineseDailyTable(), control());
    const sheet = await readBack(bytes);
    expect(sheet.name).toBe('每日用电量');
    expect(sheet.getCell('A4').value).toBe('日期');
    expect(sheet.getCell('B4').value).toBe('一号楼');
    expect(sheet.getCell('D4').value).toBe('二号楼');
    expect(sheet.getCell('E4').value).toBe('差值 (kWh)');
    expect(['B5', 'C5', 'D5'].map((ref) => sheet.getCell(ref).value)).toEqual(['电量 (kWh)', '最大需量 (kW)', '电量 (kWh)']);
    expect([...sheet.model.merges].sort()).toEqual(['A4:A5', 'B4:C4', 'E4:E5']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 5, topLeftCell: 'B6' });
    expect(sheet.getRow(8).values).toEqual([undefined, '2026-10-03', 987.65, 79, 1012.35, -24.7]);
    expect(sheet.getCell('A9').value).toBe('合计');
    expect(formulaOf(sheet.getCell('B9'))).toEqual({ formula: 'SUBTOTAL(9,B6:B8)', result: 3322.4 });
    expect(formulaOf(sheet.getCell('C9'))).toEqual({ formula: 'SUBTOTAL(4,C6:C8)', result: 90.1 });
    expect(formulaOf(sheet.getCell('D9'))).toEqual({ formula: 'SUBTOTAL(9,D6:D8)', result: 2993.1 });
    expect(sheet.getCell('E9').value).toBe(329.3);
    expect(sheet.getCell('A11').value).toBe('* 含估算（补全）数据');
    // Wide CJK text counts double: "2026-10-01" is 10 wide, "最大需量 (kW)" 13.
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(15);

    const chart = xml((await chartParts(bytes)).chart);
    expect(chart.getElementsByTagName('c:lineChart')).toHaveLength(1);
    expect([...chart.getElementsByTagName('c:f')].map((node) => node.textContent)).toEqual(["'每日用电量'!$A$6:$A$8", "'每日用电量'!$B$6:$B$8"]);
    expect(chart.getElementsByTagName('a:t')[0]!.textContent).toBe('一号楼 电量');
    expect(chart.getElementsByTagName('c:tx')[1]!.textContent).toBe('一号楼 电量');
  });

  it('writes no drawing when the table has no chart', async () => {
    const zip = await JSZip.loadAsync(await renderXlsx({ ...chineseDailyTable(), chart: null }, control()));
    expect(Object.keys(zip.files).filter((path) => /chart|drawing/.test(path))).toEqual([]);
  });

  it('stops with an AbortError when the signal is aborted, before or while it works', async () => {
    const before = new AbortController();
    before.abort();
    await expect(renderXlsx(departmentSplitTable(), control(undefined, before.signal))).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const seen: number[] = [];
    const running = renderXlsx(
      bigTable(),
      control((fraction) => {
        seen.push(fraction);
        during.abort();
      }, during.signal),
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // It stopped at the first yield (after 500 of 1,001 rows, the rows being 70 % of the work), not at the end.
    expect(seen).toEqual([(0.7 * 500) / 1001]);
  });

  it('renders 1,000 × 31 with yields and progress, and a total over the whole column', async () => {
    const seen: number[] = [];
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 0);
    const started = performance.now();
    const bytes = await renderXlsx(
      bigTable(),
      control((fraction) => seen.push(fraction)),
    );
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    console.log(`XLSX 1,000 × 31 with chart: ${Math.round(elapsed)} ms, ${bytes.length} bytes`);
    expect(seen).toEqual([(0.7 * 500) / 1001, (0.7 * 1000) / 1001, 0.7, 0.9, 1]);
    expect(ticks).toBeGreaterThan(0);

    const sheet = await readBack(bytes);
    expect(sheet.getCell('A6').value).toBe('Meter 1');
    expect(sheet.getCell('AG1005').value).toBe(bigTableValue(999, 30));
    let hundredths = 0;
    for (let meter = 0; meter < 1000; meter++) hundredths += Math.round(bigTableValue(meter, 0) * 100);
    expect(formulaOf(sheet.getCell('C1006'))).toEqual({ formula: 'SUBTOTAL(9,C6:C1005)', result: hundredths / 100 });
    const chart = (await chartParts(bytes)).chart;
    expect(chart).toContain('<c:f>&apos;Daily energy of every meter&apos;!$A$6:$A$1005</c:f>');
    expect(chart).toContain('<c:f>&apos;Daily energy of every meter&apos;!$C$6:$C$1005</c:f>');
  }, 60_000);
});

describe('addNativeChart', () => {
  it('puts <drawing> before the elements that must follow it and takes a free relationship id', async () => {
    expect(parser.parseFromString('<a><b></a>', 'application/xml').getElementsByTagName('parsererror').length).toBeGreaterThan(0);
    const zip = new JSZip();
    const rels = (body: string) =>
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>');
    zip.file('xl/workbook.xml', '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId7"/></sheets></workbook>');
    zip.file('xl/_rels/workbook.xml.rels', rels('<Relationship Id="rId7" Type="t" Target="worksheets/sheet3.xml"/>'));
    zip.file('xl/worksheets/sheet3.xml', '<worksheet xmlns:r="r"><sheetData/><pageSetup/><legacyDrawing r:id="rId1"/><tableParts count="0"/></worksheet>');
    zip.file('xl/worksheets/_rels/sheet3.xml.rels', rels('<Relationship Id="rId1" Type="t" Target="../drawings/vmlDrawing1.vml"/>'));
    zip.file('xl/charts/chart1.xml', '<c/>');
    const out = await JSZip.loadAsync(
      await addNativeChart(await zip.generateAsync({ type: 'nodebuffer' }), {
        type: 'line',
        title: 'A & B <c>',
        seriesName: 's',
        unit: '',
        categoryRef: "'S'!$A$1:$A$2",
        valueRef: "'S'!$B$1:$B$2",
        categories: ['x', 'y'],
        values: [1, null],
        numFmt: '0',
        anchor: { fromColumn: 0, fromRow: 3, toColumn: 8, toRow: 23 },
      }),
    );
    const sheet = await out.file('xl/worksheets/sheet3.xml')!.async('string');
    expect(sheet).toBe(
      '<worksheet xmlns:r="r"><sheetData/><pageSetup/><drawing xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId2"/><legacyDrawing r:id="rId1"/><tableParts count="0"/></worksheet>',
    );
    expect(await out.file('xl/worksheets/_rels/sheet3.xml.rels')!.async('string')).toContain('Id="rId2"');
    // chart1 was taken: the new chart is chart2, its drawing drawing1.
    const chart = xml(await out.file('xl/charts/chart2.xml')!.async('string'));
    expect(chart.getElementsByTagName('a:t')[0]!.textContent).toBe('A & B <c>');
    // The empty value is left out of the cache (a gap), the count stays 2.
    expect(chart.getElementsByTagName('c:numCache')[0]!.getElementsByTagName('c:pt')).toHaveLength(1);
    expect(await out.file('xl/drawings/_rels/drawing1.xml.rels')!.async('string')).toContain('Target="../charts/chart2.xml"');
    expect(await out.file('[Content_Types].xml')!.async('string')).toContain('PartName="/xl/charts/chart2.xml"');
  });

  it('names columns like Excel', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('coverRanges', () => {
  const row = (kind: ReportRow['kind']): ReportRow => ({ kind, label: '', code: '', level: 0, cells: [], estimated: [] });
  it('joins covered rows across subtotal rows but not across an uncovered data row', () => {
    const rows = [row('data'), row('data'), row('subtotal'), row('data'), row('subtotal'), row('data'), row('total')];
    expect(coverRanges(rows, [0, 1, 3])).toEqual([{ first: 0, last: 3 }]);
    expect(coverRanges(rows, [5, 0, 3])).toEqual([
      { first: 0, last: 0 },
      { first: 3, last: 5 },
    ]);
  });
});

describe('numberFormat', () => {
  it('follows decimals and kind, with "*" for estimated cells', () => {
    expect(numberFormat({ decimals: 0, kind: 'number' })).toBe('#,##0');
    expect(numberFormat({ decimals: 3, kind: 'number' })).toBe('#,##0.000');
    expect(numberFormat({ decimals: 2, kind: 'money' }, true)).toBe('#,##0.00"*"');
    expect(numberFormat({ decimals: 1, kind: 'percent' })).toBe('0.0');
  });
});
