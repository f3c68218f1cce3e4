import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import FleetCiiWidget from './FleetCiiWidget';
import { fleetCiiWidget } from './descriptor';
import { parseFleetCiiChannel, type FleetCiiData } from './channel';
import { fleetRows } from './fleetRows';

const data: FleetCiiData = {
  computedAt: 1,
  year: 2026,
  yearToDate: true,
  ships: [
    {
      shipId: 2,
      name: 'Eastern Lantern',
      imoNumber: '9321483',
      shipType: 'container_ship',
      attained: 7.5,
      required: 8.75,
      letter: 'B',
      previous: [
        { year: 2023, letter: 'A' },
        { year: 2024, letter: 'B' },
        { year: 2025, letter: 'B' },
      ],
    },
    {
      shipId: 1,
      name: 'Ocean Pioneer',
      imoNumber: '9074729',
      shipType: 'bulk_carrier',
      attained: 3.61,
      required: 3.7,
      letter: 'C',
      previous: [
        { year: 2023, letter: 'B' },
        { year: 2024, letter: 'B' },
        { year: 2025, letter: 'C' },
      ],
    },
    { shipId: 5, name: 'Yard Berth', imoNumber: '9176187', shipType: 'tanker', attained: null, required: 4.2, letter: null, previous: [] },
  ],
  counts: { A: 0, B: 1, C: 1, D: 0, E: 0 },
};

describe('fleet-cii channel', () => {
  it('follows the current year unless a year is set, and reads the name back', () => {
    expect(fleetCiiWidget.channels({}, fleetCiiWidget.options.parse({}))).toEqual(['ships:fleet-cii:current']);
    expect(fleetCiiWidget.channels({}, fleetCiiWidget.options.parse({ year: 2024 }))).toEqual(['ships:fleet-cii:2024']);
    expect(parseFleetCiiChannel('ships:fleet-cii:2024')).toEqual({ period: 2024 });
    expect(() => fleetCiiWidget.options.parse({ year: 2022 })).toThrow();
  });

  it('rounds for display only and places attained on a track to 1.5 × required', () => {
    const rows = fleetRows(data, 2, 2);
    expect(rows.map((row) => [row.name, row.letter, row.attainedText, row.requiredText, row.percent])).toEqual([
      // 7.5 / 8.75 = 0.857… → 86 %
      ['Eastern Lantern', 'B', '7.50', '8.75', 86],
      // 3.61 / 3.7 = 0.9757 → 98 %
      ['Ocean Pioneer', 'C', '3.61', '3.70', 98],
    ]);
    // 0.857142… / 1.5 = 0.571428…
    expect(rows[0]?.position).toBeCloseTo(0.571428, 5);
    const idle = fleetRows(data, 8, 2)[2];
    expect([idle?.attainedText, idle?.percent, idle?.position]).toEqual(['–', null, null]);
  });
});

describe('FleetCiiWidget', () => {
  const channel = 'ships:fleet-cii:current';

  it('shows each ship’s letter, attained against required and the earlier letters, with the fleet’s counts', () => {
    const html = renderWidgetHtml(fleetCiiWidget, FleetCiiWidget, { readings: { [channel]: reading(data) } });
    expect(html).toContain('2026 year to date');
    expect(html.match(/data-testid="fleet-cii-ship"/g)).toHaveLength(3);
    expect(html).toMatch(/data-testid="fleet-cii-letter-1"[^>]*>C</);
    expect(html).toMatch(/data-testid="fleet-cii-letter-5"[^>]*>–</);
    expect(html).toMatch(/data-testid="fleet-cii-figures-2"[^>]*>7\.50<span[^>]*> \/ 8\.75/);
    expect(html).toMatch(/data-testid="fleet-cii-count-C".*?<span[^>]*>1<\/span>/);
    const trend = /data-testid="fleet-cii-trend-1"(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(trend.match(/>([A-E–])<\/span>/g)).toEqual(['>B</span>', '>B</span>', '>C</span>']);
  });

  it('leaves the trend out when asked, speaks Chinese, and says when the fleet is empty', () => {
    const plain = renderWidgetHtml(fleetCiiWidget, FleetCiiWidget, { readings: { [channel]: reading(data) }, options: { showTrend: false } });
    expect(plain).not.toContain('fleet-cii-trend-');
    const zh = renderWidgetHtml(fleetCiiWidget, FleetCiiWidget, {
      readings: { [channel]: reading({ ...data, yearToDate: false, year: 2025 }) },
      language: 'zh',
    });
    expect(zh).toContain('2025 年');
    expect(renderWidgetHtml(fleetCiiWidget, FleetCiiWidget, { readings: { [channel]: reading({ ...data, ships: [] }) } })).toContain('No ships in the fleet');
  });
});
