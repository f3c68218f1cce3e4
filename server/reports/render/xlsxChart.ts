import JSZip from 'jszip';

/**
 * exceljs writes no charts, so a native Excel chart is added to its finished workbook here: the zip gets
 * xl/charts/chartN.xml (a bar or line chart over sheet ranges, with cached values so a reader that does not
 * recalculate draws it), xl/drawings/drawingN.xml (a two-cell anchor), both relationships, the sheet's
 * <drawing r:id> element and the [Content_Types].xml overrides.
 */

export interface ChartPlacement {
  type: 'bar' | 'line';
  title: string;
  seriesName: string;
  /** the value axis title, e.g. "kWh" ('' for none) */
  unit: string;
  /** absolute references such as 'Sheet'!$A$6:$A$8 */
  categoryRef: string;
  valueRef: string;
  categories: readonly string[];
  values: readonly (number | null)[];
  numFmt: string;
  /** cells counted from 0 (column A = 0, row 1 = 0) */
  anchor: { fromColumn: number; fromRow: number; toColumn: number; toRow: number };
}

const NS = {
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  xdr: 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing',
  drawingRel: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing',
  chartRel: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
} as const;
const CONTENT = {
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
} as const;

/** Elements that follow <drawing> in a worksheet (CT_Worksheet's sequence); the drawing goes before the first. */
const AFTER_DRAWING = ['legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];

/** Text for XML content and attribute values; characters XML 1.0 forbids are dropped. */
export const xmlText = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- these are the control characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** An absolute cell reference, with the quoted sheet name unless `withSheet` is false: 'My sheet'!$B$6. */
export const cellRef = (sheet: string, column: number, row: number, withSheet = true): string =>
  `${withSheet ? `'${sheet.replace(/'/g, "''")}'!` : ''}$${columnLetter(column)}$${row}`;

const richText = (text: string, size: number, bold: boolean): string =>
  `<c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}" b="${bold ? 1 : 0}"/></a:pPr>` +
  `<a:r><a:rPr lang="en-US" sz="${size}" b="${bold ? 1 : 0}"/><a:t>${xmlText(text)}</a:t></a:r></a:p></c:rich></c:tx>`;

const numberText = (value: number): string => (Number.isFinite(value) ? String(value) : '0');

/** The chart part: one series, categories and values as references with their caches. */
export function chartXml(chart: ChartPlacement): string {
  const count = chart.categories.length;
  const categories = chart.categories.map((category, index) => `<c:pt idx="${index}"><c:v>${xmlText(category)}</c:v></c:pt>`).join('');
  const values = chart.values.map((value, index) => (value === null ? '' : `<c:pt idx="${index}"><c:v>${numberText(value)}</c:v></c:pt>`)).join('');
  const colour = '1677FF';
  const look =
    chart.type === 'bar'
      ? `<c:spPr><a:solidFill><a:srgbClr val="${colour}"/></a:solidFill></c:spPr><c:invertIfNegative val="0"/>`
      : `<c:spPr><a:ln w="22225" cap="rnd"><a:solidFill><a:srgbClr val="${colour}"/></a:solidFill></a:ln></c:spPr>` +
        `<c:marker><c:symbol val="circle"/><c:size val="5"/></c:marker>`;
  const series =
    `<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:v>${xmlText(chart.seriesName)}</c:v></c:tx>${look}` +
    `<c:cat><c:strRef><c:f>${xmlText(chart.categoryRef)}</c:f><c:strCache><c:ptCount val="${count}"/>${categories}</c:strCache></c:strRef></c:cat>` +
    `<c:val><c:numRef><c:f>${xmlText(chart.valueRef)}</c:f><c:numCache><c:formatCode>${xmlText(chart.numFmt)}</c:formatCode>` +
    `<c:ptCount val="${count}"/>${values}</c:numCache></c:numRef></c:val>${chart.type === 'line' ? '<c:smooth val="0"/>' : ''}</c:ser>`;
  const axes = '<c:axId val="50010001"/><c:axId val="50010002"/>';
  const plot =
    chart.type === 'bar'
      ? `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${series}<c:gapWidth val="80"/>${axes}</c:barChart>`
      : `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${series}<c:marker val="1"/>${axes}</c:lineChart>`;
  const categoryAxis =
    '<c:catAx><c:axId val="50010001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/>' +
    '<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="low"/>' +
    '<c:crossAx val="50010002"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>';
  const valueAxis =
    '<c:valAx><c:axId val="50010002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/>' +
    (chart.unit ? `<c:title>${richText(chart.unit, 900, false)}<c:overlay val="0"/></c:title>` : '') +
    `<c:numFmt formatCode="${xmlText(chart.numFmt.replace(/"\*"$/, ''))}" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/>` +
    '<c:tickLblPos val="nextTo"/><c:crossAx val="50010001"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<c:chartSpace xmlns:c="${NS.c}" xmlns:a="${NS.a}" xmlns:r="${NS.r}"><c:roundedCorners val="0"/><c:chart>` +
    `<c:title>${richText(chart.title, 1200, true)}<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>` +
    `<c:plotArea><c:layout/>${plot}${categoryAxis}${valueAxis}</c:plotArea><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`
  );
}

/** The drawing part: the chart in a two-cell anchor. */
export function drawingXml(anchor: ChartPlacement['anchor'], chartRelId: string, title: string): string {
  const point = (tag: string, column: number, row: number) =>
    `<xdr:${tag}><xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<xdr:wsDr xmlns:xdr="${NS.xdr}" xmlns:a="${NS.a}"><xdr:twoCellAnchor editAs="oneCell">` +
    point('from', anchor.fromColumn, anchor.fromRow) +
    point('to', anchor.toColumn, anchor.toRow) +
    `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="${xmlText(title || 'Chart 1')}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${NS.c}">` +
    `<c:chart xmlns:c="${NS.c}" xmlns:r="${NS.r}" r:id="${chartRelId}"/></a:graphicData></a:graphic></xdr:graphicFrame>` +
    `<xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`
  );
}

const relationshipsXml = (entries: string): string =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rels}">${entries}</Relationships>`;

/** The first free number N for a part named `${prefix}N.xml`. */
function freeNumber(zip: JSZip, prefix: string): number {
  let n = 1;
  while (zip.file(`${prefix}${n}.xml`)) n += 1;
  return n;
}

/** The worksheet part of the workbook's first sheet, from xl/workbook.xml and its relationships. */
async function firstSheetPath(zip: JSZip): Promise<string> {
  const workbook = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
  const rels = (await zip.file('xl/_rels/workbook.xml.rels')?.async('string')) ?? '';
  const relId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const relation = relId ? new RegExp(`<Relationship\\b[^>]*\\bId="${relId}"[^>]*>`).exec(rels)?.[0] : undefined;
  const target = relation ? /\bTarget="([^"]+)"/.exec(relation)?.[1] : undefined;
  if (!target) throw new Error('The workbook has no worksheet to put the chart on');
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Adds the chart to the workbook's first sheet and returns the new file. */
export async function addNativeChart(xlsx: Buffer, chart: ChartPlacement): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const sheetPath = await firstSheetPath(zip);
  const sheetXml = await zip.file(sheetPath)?.async('string');
  if (sheetXml === undefined) throw new Error(`The workbook lacks ${sheetPath}`);
  if (/<drawing\b/.test(sheetXml)) throw new Error('The sheet already has a drawing');

  const chartNumber = freeNumber(zip, 'xl/charts/chart');
  const drawingNumber = freeNumber(zip, 'xl/drawings/drawing');
  const chartPath = `xl/charts/chart${chartNumber}.xml`;
  const drawingPath = `xl/drawings/drawing${drawingNumber}.xml`;

  zip.file(chartPath, chartXml(chart));
  zip.file(drawingPath, drawingXml(chart.anchor, 'rId1', chart.title));
  zip.file(
    `xl/drawings/_rels/drawing${drawingNumber}.xml.rels`,
    relationshipsXml(`<Relationship Id="rId1" Type="${NS.chartRel}" Target="../charts/chart${chartNumber}.xml"/>`),
  );

  // The sheet's relationships: add the drawing with an id not yet used.
  const sheetFolder = sheetPath.slice(0, sheetPath.lastIndexOf('/'));
  const sheetFile = sheetPath.slice(sheetPath.lastIndexOf('/') + 1);
  const sheetRelsPath = `${sheetFolder}/_rels/${sheetFile}.rels`;
  const sheetRels = (await zip.file(sheetRelsPath)?.async('string')) ?? relationshipsXml('');
  let relNumber = 1;
  while (sheetRels.includes(`Id="rId${relNumber}"`)) relNumber += 1;
  const drawingRelId = `rId${relNumber}`;
  const drawingTarget = `../drawings/drawing${drawingNumber}.xml`;
  zip.file(
    sheetRelsPath,
    sheetRels.replace('</Relationships>', `<Relationship Id="${drawingRelId}" Type="${NS.drawingRel}" Target="${drawingTarget}"/></Relationships>`),
  );

  // <drawing> sits before the first element that must follow it, else last.
  const element = `<drawing xmlns:r="${NS.r}" r:id="${drawingRelId}"/>`;
  const follower = new RegExp(`<(?:${AFTER_DRAWING.join('|')})\\b`).exec(sheetXml);
  const at = follower ? follower.index : sheetXml.lastIndexOf('</worksheet>');
  if (at < 0) throw new Error('The worksheet XML has no end');
  zip.file(sheetPath, sheetXml.slice(0, at) + element + sheetXml.slice(at));

  const types = (await zip.file('[Content_Types].xml')?.async('string')) ?? '';
  if (!types.includes('</Types>')) throw new Error('The workbook has no [Content_Types].xml');
  zip.file(
    '[Content_Types].xml',
    types.replace(
      '</Types>',
      `<Override PartName="/${chartPath}" ContentType="${CONTENT.chart}"/><Override PartName="/${drawingPath}" ContentType="${CONTENT.drawing}"/></Types>`,
    ),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
