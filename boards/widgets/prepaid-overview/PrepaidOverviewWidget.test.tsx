import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import PrepaidOverviewWidget from './PrepaidOverviewWidget';
import { prepaidOverviewWidget } from './descriptor';
import type { PrepaidOverviewData } from './channel';
import { stateShares } from './roomStates';

const data: PrepaidOverviewData = {
  states: { cut: 1, keepSupply: 1, noData: 2, arrears: 1, alarm2: 2, alarm1: 3, normal: 10 },
  rooms: 20,
  todayTopupsMinor: 1_234_550,
  todayTopupCount: 7,
  currency: 'CNY',
  at: 1,
};
const channel = 'prepaid:overview';

describe('prepaid-overview', () => {
  it('reads one channel whatever the binding', () => {
    expect(prepaidOverviewWidget.channels({ meterIds: [1] }, prepaidOverviewWidget.options.parse({}))).toEqual(['prepaid:overview']);
  });

  it('puts the states in wall order with their share of the rooms', () => {
    expect(stateShares(data.states, false).map((line) => [line.state, line.count, line.share])).toEqual([
      ['normal', 10, 0.5],
      ['alarm1', 3, 0.15],
      ['alarm2', 2, 0.1],
      ['arrears', 1, 0.05],
      ['cut', 1, 0.05],
      ['keepSupply', 1, 0.05],
      ['noData', 2, 0.1],
    ]);
    expect(stateShares({ ...data.states, cut: 0, keepSupply: 0 }, true).map((line) => line.state)).toEqual(['normal', 'alarm1', 'alarm2', 'arrears', 'noData']);
  });

  it('says so before the first figures and when there is no prepaid room', () => {
    expect(renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, {})).toContain('No data yet');
    const none = reading({ ...data, rooms: 0, states: { cut: 0, keepSupply: 0, noData: 0, arrears: 0, alarm2: 0, alarm1: 0, normal: 0 } });
    expect(renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, { readings: { [channel]: none } })).toContain('No prepaid rooms yet');
  });

  it('draws the rooms, a bar segment per state in its colour, each count and today’s top-ups', () => {
    const html = renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, { readings: { [channel]: reading(data) } });
    expect(html).toMatch(/data-testid="prepaid-overview-rooms"[^>]*>20<\/span>rooms/);
    expect([...html.matchAll(/data-state="(\w+)" style="width:([\d.]+)%;background:(#\w+)"/g)].map((m) => [m[1], m[2], m[3]])).toEqual([
      ['normal', '50.00', '#2bb673'],
      ['alarm1', '15.00', '#f5c523'],
      ['alarm2', '10.00', '#f59a23'],
      ['arrears', '5.00', '#e8453c'],
      ['cut', '5.00', '#a61d4c'],
      ['keepSupply', '5.00', '#4a90e2'],
      ['noData', '10.00', '#8c8c8c'],
    ]);
    expect(html).toMatch(/data-testid="prepaid-overview-arrears".*?>1<\/div><div[^>]*>Arrears</);
    expect(html).toMatch(/data-testid="prepaid-overview-topups">¥12,345.50<\/span><span[^>]*>7 top-ups</);
    const noTopups = renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, { readings: { [channel]: reading(data) }, options: { showTopups: false } });
    expect(noTopups).not.toContain('Top-ups today');
  });

  it('speaks Chinese and Spanish', () => {
    const zh = renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, { readings: { [channel]: reading(data) }, language: 'zh' });
    for (const word of ['个房间', '欠费', '保电', '已断电', '一级告警', '今日充值', '7 笔']) expect(zh).toContain(word);
    const es = renderWidgetHtml(prepaidOverviewWidget, PrepaidOverviewWidget, { readings: { [channel]: reading(data) }, language: 'es' });
    for (const word of ['locales', 'Deuda', 'Suministro garantizado', 'Recargas de hoy', '7 recargas']) expect(es).toContain(word);
  });
});
