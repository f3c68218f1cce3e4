import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@shared/i18n';
import type { Language } from '@shared/i18n';
import type { ChannelReader, ChannelReading } from '../../widgetDescriptor';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import KpiWidget from './KpiWidget';
import { kpiOptions } from './options';

function render(readings: Record<string, ChannelReading>, props: { meterIds?: number[]; showToday?: boolean; language?: Language } = {}) {
  const reader: ChannelReader = { read: <T,>(channel: string) => readings[channel] as ChannelReading<T> | undefined, watch: () => () => undefined };
  const options = kpiOptions.parse({ showToday: props.showToday ?? false });
  const channels = props.showToday ? ['meter:4:latest', 'energy:series:meter:4:electricity:day:1'] : ['meter:4:latest'];
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(props.language ?? 'en')}>
      <ChannelReaderProvider reader={reader}>
        <KpiWidget
          options={options}
          binding={{ meterIds: props.meterIds ?? [4], metric: 'kw' }}
          title=""
          width={300}
          height={160}
          scale={1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={channels}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
}

const latest = (kw: number): ChannelReading => ({
  value: { meterId: 4, ts: 1_700_000_000_000, values: { kw } },
  ts: 1_700_000_000_000,
  receivedAt: 1_700_000_000_000,
});

describe('KpiWidget', () => {
  it('shows the figure with its unit', () => {
    const html = render({ 'meter:4:latest': latest(1234.56) });
    expect(html).toContain('>1,234.6</span>');
    expect(html).toContain('>kW</span>');
    expect(html).not.toContain('data-testid="kpi-trend"');
  });

  it('shows today’s energy from the series channel', () => {
    const today: ChannelReading = {
      value: {
        scope: 'meter',
        energyType: 'electricity',
        grain: 'day',
        unit: 'kWh',
        periods: ['2025-03-02'],
        series: [{ scopeId: 4, name: 'M4', total: 812.25, points: [{ period: '2025-03-02', energy: 812.25 }] }],
        computedAt: 1,
      },
      ts: 1,
      receivedAt: 1,
    };
    const html = render({ 'meter:4:latest': latest(10), 'energy:series:meter:4:electricity:day:1': today }, { showToday: true });
    expect(html).toContain('Today 812.3 kWh');
  });

  it('says "No data yet" in the wall’s language before the first reading, and asks for a meter without one', () => {
    expect(render({})).toContain('No data yet');
    expect(render({}, { language: 'zh' })).toContain('暂无数据');
    expect(render({}, { language: 'es' })).toContain('Aún no hay datos');
    expect(render({}, { meterIds: [] })).toContain('Choose a meter for this widget');
  });

  it('starts its sparkline and trend with the stored window: the line begins at the left edge where it crosses it', () => {
    const now = 1_700_000_000_000;
    const minute = 60_000;
    const html = render({
      'meter:4:latest': latest(30),
      // The default 15-minute window; the lead-in 20 minutes ago puts the line at 15 kW on its left edge.
      'meter:4:recent:kw:900': {
        value: {
          meterId: 4,
          metric: 'kw',
          from: now - 15 * minute,
          to: now,
          bucketMs: 0,
          points: [
            [now - 20 * minute, 10],
            [now - 10 * minute, 20],
            [now, 30],
          ],
        },
        ts: now,
        receivedAt: now,
      },
    });
    // 300 × 35 px less half the 1.5 px stroke on each side: 15 kW at the bottom (34.3), 30 kW at the top (0.8).
    expect(html).toContain('points="0.8,34.3 100.3,23.1 299.3,0.8"');
    // The value 15 minutes ago was the one read 20 minutes ago (10 kW).
    expect(html).toContain('▲ Up 20 kW in 15 min');
  });
});
