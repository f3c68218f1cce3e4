import PDFDocument from 'pdfkit';
import type { BillBand } from '@shared/reports/billSchemas';
import { registerReportFonts } from '../pdf/fonts';

/** The figures a bill is written from; totals default to the right sums, set them to write a wrong bill. */
export interface BillFiguresInput {
  lang: 'zh' | 'en';
  account: string;
  periodStart: string;
  periodEnd: string;
  bands: { band: BillBand; energy: number; price: number; amount?: number }[];
  demandCharge: number;
  totalEnergy?: number;
  totalAmount?: number;
}

/** A band's amount as a utility prints it: energy × price rounded once to the cent. */
export const bandAmount = (energy: number, price: number): number => Math.round(energy * price * 100) / 100;

const grouped = (n: number, decimals: number) => n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const energyText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });
const zhDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
};

const ZH_BANDS: Record<BillBand, string> = { sharp: '尖', peak: '峰', flat: '平', valley: '谷', deepValley: '深谷' };
const EN_BANDS: Record<BillBand, string> = { sharp: 'Critical peak', peak: 'Peak', flat: 'Shoulder', valley: 'Off-peak', deepValley: 'Super off-peak' };

/** The bill's text lines, top to bottom: 国网-style in Chinese (full-width colons, ¥, 元/kWh), or an English one. */
export function billLines(input: BillFiguresInput): string[] {
  const amounts = input.bands.map((band) => band.amount ?? bandAmount(band.energy, band.price));
  const totalEnergy = input.totalEnergy ?? input.bands.reduce((sum, band) => sum + band.energy, 0);
  const totalAmount = input.totalAmount ?? Math.round(amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) + input.demandCharge * 100) / 100;
  if (input.lang === 'zh') {
    return [
      '国网某某供电公司 电费通知单',
      `户号：${input.account}`,
      `账期：${zhDate(input.periodStart)}至${zhDate(input.periodEnd)}`,
      ...input.bands.flatMap((band, index) => [
        `${ZH_BANDS[band.band]}电量：${energyText(band.energy)} kWh`,
        `${ZH_BANDS[band.band]}电价：${band.price.toFixed(4)} 元/kWh`,
        `${ZH_BANDS[band.band]}电费：¥${grouped(amounts[index]!, 2)}`,
      ]),
      `总电量：${energyText(totalEnergy)} kWh`,
      `基本电费：¥${grouped(input.demandCharge, 2)}`,
      `合计：¥${grouped(totalAmount, 2)} 元`,
    ];
  }
  return [
    'Electricity bill',
    `Account number: ${input.account}`,
    `Billing period ${input.periodStart} to ${input.periodEnd}`,
    ...input.bands.flatMap((band, index) => [
      `${EN_BANDS[band.band]} energy ${energyText(band.energy)} kWh`,
      `${EN_BANDS[band.band]} price $${band.price.toFixed(4)} per kWh`,
      `${EN_BANDS[band.band]} charge $${grouped(amounts[index]!, 2)}`,
    ]),
    `Total energy ${energyText(totalEnergy)} kWh`,
    `Demand charge $${grouped(input.demandCharge, 2)}`,
    `Amount due $${grouped(totalAmount, 2)}`,
  ];
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A utility bill PDF with real text (the bundled CJK font), one figure per line. */
export function writeBillPdf(input: BillFiguresInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  registerReportFonts(doc);
  doc.fontSize(11);
  for (const line of billLines(input)) doc.text(line, { lineGap: 6 });
  return pdfBytes(doc);
}
