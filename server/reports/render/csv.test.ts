import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ReportTable } from '@shared/reports/table';
import { renderCsv } from './csv';
import { chineseDailyTable, departmentSplitTable } from './sampleTables.test-util';

describe('renderCsv', () => {
  it('writes the department table byte for byte: BOM, CRLF, quoting, decimals, empty cells, the estimated column', () => {
    const expected =
      '\uFEFF' +
      [
        'Meter,Code,2026-10-01 Energy (kWh),2026-10-01 Cost (CNY),2026-10-02 Energy (kWh),2026-10-02 Cost (CNY),Max demand (kW),Share (%),Estimated',
        '"Compressor ""A"", north",M-001,120.50,84.35,130.25,91.18,42.3,90.0,',
        'Compressor B,M-002,80.00,56.00,,,38.9,,2026-10-01 Energy (kWh); 2026-10-01 Cost (CNY)',
        'Workshop · Subtotal,,200.50,140.35,130.25,91.18,42.3,90.0,2026-10-01 Energy (kWh); 2026-10-01 Cost (CNY)',
        'Office lighting,M-010,15.75,11.03,14.50,10.15,6.2,10.0,2026-10-02 Energy (kWh)',
        'Office · Subtotal,,15.75,11.03,14.50,10.15,6.2,10.0,2026-10-02 Energy (kWh)',
        'Total,,216.25,151.38,144.75,101.33,42.3,100.0,2026-10-01 Energy (kWh); 2026-10-01 Cost (CNY); 2026-10-02 Energy (kWh)',
      ].join('\r\n') +
      '\r\n';
    const bytes = renderCsv(departmentSplitTable());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8')).toBe(expected);
  });

  it('round-trips Chinese labels and leaves out the code column when no row has a code; negatives stay numbers', () => {
    const records = parse(renderCsv(chineseDailyTable()), { bom: true }) as string[][];
    expect(records).toEqual([
      ['日期', '一号楼 电量 (kWh)', '一号楼 最大需量 (kW)', '二号楼 电量 (kWh)', '差值 (kWh)', '估算'],
      ['2026-10-01', '1234.50', '88.4', '1000.00', '234.50', ''],
      ['2026-10-02', '1100.25', '90.1', '980.75', '119.50', '一号楼 电量 (kWh)'],
      ['2026-10-03', '987.65', '79.0', '1012.35', '-24.70', ''],
      ['合计', '3322.40', '90.1', '2993.10', '329.30', '一号楼 电量 (kWh)'],
    ]);
  });

  it('guards text a spreadsheet would run as a formula, never numbers, and writes -0 as 0', () => {
    const table: ReportTable = {
      ...chineseDailyTable(),
      lang: 'en',
      rowHeader: '=Day',
      rows: [
        { kind: 'data', label: '=HYPERLINK("http://x")', code: '+1', level: 0, cells: [-0.001, -5, null, 0], estimated: [] },
        { kind: 'data', label: '-minus', code: '@at', level: 0, cells: [1, 2, 3, 4], estimated: [] },
      ],
    };
    const lines = renderCsv(table).toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe("'=Day,Code,一号楼 电量 (kWh),一号楼 最大需量 (kW),二号楼 电量 (kWh),差值 (kWh),Estimated");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",'+1,0.00,-5.0,,0.00,`);
    expect(lines[2]).toBe("'-minus,'@at,1.00,2.0,3.00,4.00,");
    expect(lines[3]).toBe('');
  });
});
