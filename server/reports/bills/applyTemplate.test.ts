import { describe, expect, it } from 'vitest';
import { applyTemplate, readValue } from './applyTemplate';
import { checkBill } from './checkBill';

describe('applyTemplate: the value after each label', () => {
  it('reads full-width digits and separators, ¥ and units, thousands separators and both date forms', () => {
    const lines = ['户号：ＡＢ１２３ 账期：2026年10月1日至2026年10月31日', '峰电量：１，２３４．５ kWh', '合计：￥12,345.67元', 'Due 2026/11/15'];
    const applied = applyTemplate(lines, {
      fields: [
        { field: 'account', label: '户号' },
        { field: 'periodStart', label: '账期' },
        { field: 'periodEnd', label: '至' },
        { field: 'peakEnergy', label: '峰电量' },
        { field: 'totalAmount', label: '合计' },
        { field: 'demandCharge', label: '基本电费' },
      ],
    });
    expect(applied.fields).toEqual([
      { field: 'account', text: 'AB123', value: null, line: 1 },
      { field: 'periodStart', text: '2026-10-01', value: null, line: 1 },
      { field: 'periodEnd', text: '2026-10-31', value: null, line: 1 },
      { field: 'peakEnergy', text: '1,234.5', value: 1234.5, line: 2 },
      { field: 'totalAmount', text: '12,345.67', value: 12345.67, line: 3 },
    ]);
    expect(applied.missing).toEqual(['demandCharge']);
  });

  it('does not match a Latin label inside a longer word, and counts only places a value follows', () => {
    const lines = ['Total energy 900 kWh', 'Period 2026-10-01 to 2026-10-31', 'Peak energy 10', 'Off-peak energy 20', 'Peak energy 30'];
    const applied = applyTemplate(lines, {
      fields: [
        { field: 'periodEnd', label: 'to' },
        { field: 'valleyEnergy', label: 'Off-peak energy' },
        { field: 'peakEnergy', label: 'Peak energy', occurrence: 2 },
      ],
    });
    expect(applied.fields.map((f) => [f.field, f.text, f.line])).toEqual([
      ['periodEnd', '2026-10-31', 2],
      ['valleyEnergy', '20', 4],
      ['peakEnergy', '30', 5],
    ]);
    expect(readValue(' 2026年2月30日', 'date')).toBeNull();
  });
});

describe('checkBill: the bill against its own arithmetic', () => {
  it('allows one cent on a band (energy × price rounded once) and none on the total', () => {
    const checks = checkBill({
      peakEnergy: 100,
      peakPrice: 0.1235,
      peakAmount: 12.36,
      flatEnergy: 50,
      flatPrice: 0.5,
      flatAmount: 25.02,
      totalAmount: 37.38,
      totalEnergy: 150,
    });
    expect(checks.map((c) => [c.rule, c.ok, c.expected, c.actual])).toEqual([
      // 100 × 0.1235 = 12.35, the bill 12.36: one cent
      ['peakAmount', true, 12.35, 12.36],
      // 50 × 0.5 = 25.00, the bill 25.02: two cents
      ['flatAmount', false, 25, 25.02],
      ['totalAmount', true, 37.38, 37.38],
      ['totalEnergy', true, 150, 150],
    ]);
  });
});
