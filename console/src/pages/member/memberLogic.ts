import type { BalanceLevel, MemberUsageDay, PaymentState } from '@shared/prepaid';
import type { ChartOption } from '../../charts/echartsCore';

/**
 * The member page's pure rules: reading an amount typed on a phone, showing money, the level colours, the usage
 * chart and when to stop polling a payment. Money stays in integer minor units; text is parsed, never multiplied.
 */

/** "100", "88.5", "88.50" → minor units; anything else (negative, 3 decimals, letters, 0) → null. */
export function parseAmountMinor(text: string): number | null {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** 12345 → "¥123.45" (en), "¥123.45" (zh), "123,45 CN¥" (es): display only. */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(`${sign}${text}`));
  } catch {
    return `${sign}${text} ${currency}`;
  }
}

/** Level → colour of the balance and its tag (antd palette names the console uses for alarm severities). */
export const LEVEL_COLOURS: Record<BalanceLevel, string> = { 0: 'green', 1: 'gold', 2: 'orange', 3: 'red' };
export const LEVEL_TEXT_COLOURS: Record<BalanceLevel, string> = { 0: '#389e0d', 1: '#d48806', 2: '#d46b08', 3: '#cf1322' };

/** A payment is settled (stop polling) once paid, closed or failed; created and unknown are still open. */
export const paymentSettled = (state: PaymentState): boolean => state === 'paid' || state === 'closed' || state === 'failed';

/** Poll every 2 s for 3 minutes, then every 10 s; give up (the order is still credited if paid later) after 15 minutes. */
export function nextPollDelay(elapsedMs: number): number | null {
  if (elapsedMs >= 15 * 60_000) return null;
  return elapsedMs < 3 * 60_000 ? 2000 : 10_000;
}

/** An address to show as a link: http(s) or WeChat's own scheme only. */
export const linkableUrl = (url: string | null): string | null => (url && /^(https?:\/\/|weixin:\/\/)/i.test(url) ? url : null);

/** Bars of energy per day (kWh, left axis) and a line of charges (right axis, money). */
export function usageChartOption(days: MemberUsageDay[], labels: { energy: string; charges: string }): ChartOption {
  return {
    grid: { left: 44, right: 44, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.energy, labels.charges] },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: 'kWh', minInterval: 1 },
      { type: 'value', name: '', splitLine: { show: false } },
    ],
    series: [
      { name: labels.energy, type: 'bar', data: days.map((d) => d.energyMilli / 1000), itemStyle: { color: '#409EFF' } },
      { name: labels.charges, type: 'line', yAxisIndex: 1, data: days.map((d) => d.chargesMinor / 100), itemStyle: { color: '#fa8c16' } },
    ],
  };
}
