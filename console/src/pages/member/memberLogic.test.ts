import { describe, expect, it } from 'vitest';
import { formatMinor, linkableUrl, nextPollDelay, parseAmountMinor, paymentSettled, usageChartOption } from './memberLogic';

describe('member page logic', () => {
  it('reads typed amounts into minor units without floating point', () => {
    expect(parseAmountMinor('100')).toBe(10000);
    expect(parseAmountMinor('88.5')).toBe(8850);
    expect(parseAmountMinor(' 88,50 ')).toBe(8850);
    expect(parseAmountMinor('0.07')).toBe(7);
    expect(parseAmountMinor('19.99')).toBe(1999);
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '123456789']) expect(parseAmountMinor(bad), bad).toBeNull();
  });

  it('shows money from minor units', () => {
    expect(formatMinor(12345, 'CNY', 'en')).toBe('CN¥123.45');
    expect(formatMinor(-200, 'CNY', 'zh')).toBe('-¥2.00');
    expect(formatMinor(5, 'EUR', 'en')).toBe('€0.05');
  });

  it('stops polling once a payment settles, and slows down then gives up', () => {
    expect(['created', 'unknown'].map((s) => paymentSettled(s as never))).toEqual([false, false]);
    expect(['paid', 'closed', 'failed'].map((s) => paymentSettled(s as never))).toEqual([true, true, true]);
    expect([nextPollDelay(0), nextPollDelay(180_000), nextPollDelay(900_000)]).toEqual([2000, 10_000, null]);
  });

  it('links only http(s) and weixin addresses', () => {
    expect(linkableUrl('weixin://wxpay/bizpayurl?pr=abc')).toBe('weixin://wxpay/bizpayurl?pr=abc');
    expect(linkableUrl('http://localhost/api/pay/demo-provider/pay/1')).toBe('http://localhost/api/pay/demo-provider/pay/1');
    expect(linkableUrl('javascript:alert(1)')).toBeNull();
    expect(linkableUrl(null)).toBeNull();
  });

  it('charts energy in kWh and charges in money per day', () => {
    const option = usageChartOption(
      [
        { day: '2026-03-01', energyMilli: 1500, chargesMinor: 150 },
        { day: '2026-03-02', energyMilli: 0, chargesMinor: 100 },
      ],
      { energy: 'Energy', charges: 'Charges' },
    ) as { xAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.xAxis.data).toEqual(['03-01', '03-02']);
    expect(option.series[0]?.data).toEqual([1.5, 0]);
    expect(option.series[1]?.data).toEqual([1.5, 1]);
  });
});
