import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import IdleEnergyWidget from './IdleEnergyWidget';
import { idleEnergyWidget } from './descriptor';
import type { IdleEnergyData } from './channel';
import { idleRows } from './idleRows';

const figures = (running: number, idle: number, off: number, idleEnergy: number, total: number) => ({
  hours: { running, idle, off, noData: 0 },
  energy: { running: total - idleEnergy, idle: idleEnergy, off: 0, noData: 0, total },
  energyPerRunningHour: running > 0 ? total / running : null,
  idleShare: idleEnergy / total,
  standardOutput: null,
  energyPerUnit: null,
});
// 12 h of the day so far: the compressor 6 h running, 6 h idle (198 kWh idle of 858); the oven 4 h running, 8 h idle (1 152 of 2 112);
// the press 8 h running, 2 h idle, 2 h off (150 of 1 590). Total idle 198 + 1 152 + 150 = 1 500 kWh of 858 + 2 112 + 1 590 = 4 560.
const data: IdleEnergyData = {
  day: '2026-03-04',
  computedAt: 1,
  devices: [
    { id: 1, code: 'AIR-C1', name: 'Compressor 1', lineName: null, day: '2026-03-04', ...figures(6, 6, 0, 198, 858) },
    { id: 2, code: 'L2-OVEN', name: 'Line 2 curing oven', lineName: 'Line 2', day: '2026-03-04', ...figures(4, 8, 0, 1152, 2112) },
    { id: 3, code: 'L1-PRESS', name: 'Line 1 press', lineName: 'Line 1', day: '2026-03-04', ...figures(8, 2, 2, 150, 1590) },
  ],
  totals: { energy: 4560, idleEnergy: 1500, runningHours: 18, idleHours: 16 },
};
const channel = 'devices:idle-energy';

describe('idle-energy', () => {
  it('reads one channel whatever the binding', () => {
    expect(idleEnergyWidget.channels({ meterIds: [1] }, idleEnergyWidget.options.parse({}))).toEqual(['devices:idle-energy']);
  });

  it('lists the devices most idle energy first with the day so far by state', () => {
    const rows = idleRows(data, 8);
    expect(rows.map((row) => [row.name, row.idleEnergy])).toEqual([
      ['Line 2 curing oven', 1152],
      ['Compressor 1', 198],
      ['Line 1 press', 150],
    ]);
    // The press: 8 / 12 running, 2 / 12 idle, 2 / 12 off.
    expect(rows[2]!.shares.map((part) => [part.state, part.share])).toEqual([
      ['running', 8 / 12],
      ['idle', 2 / 12],
      ['off', 2 / 12],
    ]);
    expect(idleRows(data, 2).map((row) => row.id)).toEqual([2, 1]);
  });

  it('says so before the first figures and when there is no device', () => {
    expect(renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, {})).toContain('No data yet');
    const none = reading({ ...data, devices: [] });
    expect(renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, { readings: { [channel]: none } })).toContain('No production devices yet');
  });

  it('draws the total, each device’s bar of states and its idle energy', () => {
    const html = renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, { readings: { [channel]: reading(data) } });
    expect(html).toMatch(/data-testid="idle-energy-total"[^>]*>1,500<\/span>/);
    expect(html).toContain('idle today');
    expect(html).toContain('of 4,560 kWh');
    expect(html).toMatch(/data-testid="idle-energy-row-2".*?Line 2 curing oven.*?1,152/);
    expect([...html.matchAll(/data-state="(\w+)" style="width:([\d.]+)%;background:(#\w+)"/g)].slice(-3).map((m) => [m[1], m[2], m[3]])).toEqual([
      ['running', '66.67', '#2bb673'],
      ['idle', '16.67', '#f5a623'],
      ['off', '16.67', '#8c8c8c'],
    ]);
    const one = renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, { readings: { [channel]: reading(data) }, options: { limit: 1, digits: 1 } });
    expect(one).toContain('1,152.0');
    expect(one).not.toContain('Compressor 1');
  });

  it('speaks Chinese and Spanish', () => {
    const zh = renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, { readings: { [channel]: reading(data) }, language: 'zh' });
    for (const word of ['今日空载', '共 4,560 kWh']) expect(zh).toContain(word);
    const es = renderWidgetHtml(idleEnergyWidget, IdleEnergyWidget, { readings: { [channel]: reading(data) }, language: 'es' });
    for (const word of ['en vacío hoy', 'de 4,560 kWh']) expect(es).toContain(word);
  });
});
