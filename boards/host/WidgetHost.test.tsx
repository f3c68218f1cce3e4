// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { boardElementSchema, type BoardElement } from '@shared/board/document';
import { createI18n } from '@shared/i18n/createI18n';
import { Registry } from '../registry';
import { ChannelReaderProvider, useChannel } from '../runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '../runtime/fakeChannelSource.test-util';
import { TelemetryStore } from '../runtime/telemetryStore';
import { defineWidget, type AnyWidgetDescriptor, type WidgetProps } from '../widgetDescriptor';
import { WidgetHostProvider } from './hostContext';
import { WidgetHost } from './WidgetHost';

const kpiOptions = z.object({ decimals: z.number().int().min(0).max(6).default(1), unit: z.string().default('kW') });
let kpiRenders = 0;
const KpiWidget = observer(function KpiWidget({ channels, options, width, height, stale }: WidgetProps<z.infer<typeof kpiOptions>>) {
  kpiRenders += 1;
  const reading = useChannel<{ values: { p: number } }>(channels[0]);
  return (
    <span data-testid="kpi-value" data-size={`${width}x${height}`} data-stale={String(stale)}>
      {reading ? `${reading.value.values.p.toFixed(options.decimals)} ${options.unit}` : '—'}
    </span>
  );
});
const kpi = defineWidget({
  id: 'fake-kpi',
  nameKey: 'fakeWidgets.kpi',
  category: 'figures',
  version: 2,
  options: kpiOptions,
  // Version 1 called the unit "suffix".
  migrations: { 1: { name: 'suffix-to-unit', up: ({ suffix, ...rest }) => ({ ...rest, unit: suffix }) } },
  defaultSize: { w: 4, h: 3 },
  channels: (binding) => (binding.meterIds ?? []).map((id) => `meter:${id}:latest`),
  staleAfterMs: 60_000,
  load: async () => ({ default: KpiWidget }),
});
let throwNext = true;
function Exploding(): never | string {
  if (throwNext) throw new Error('The gauge lost its needle');
  return 'healed';
}
const exploding = defineWidget({
  id: 'fake-exploding',
  nameKey: 'fakeWidgets.exploding',
  category: 'charts',
  version: 1,
  options: z.object({}),
  defaultSize: { w: 4, h: 3 },
  channels: () => [],
  load: async () => ({ default: () => <span data-testid="exploding">{Exploding()}</span> }),
});

const registry = new Registry<AnyWidgetDescriptor>('Widget').register(kpi).register(exploding);
const element = (input: Partial<BoardElement> & { type: string }): BoardElement => boardElementSchema.parse(input);
const theme = { mode: 'dark' as const, accent: '#3aa0ff' };
const rect = { left: 10, top: 20, width: 300, height: 200 };

describe('widget host', () => {
  let source: FakeChannelSource;
  let frames: ManualFrames;
  let store: TelemetryStore;
  let now: number;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    now = new Date(2026, 0, 5, 14, 30, 0).getTime();
    source = new FakeChannelSource();
    frames = new ManualFrames();
    store = new TelemetryStore({ source, now: () => now, scheduleFrame: frames.schedule });
    store.setConnected(true);
    kpiRenders = 0;
    throwNext = true;
  });
  afterEach(() => {
    cleanup();
    store.dispose();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const show = (id: string, el: BoardElement, language: 'en' | 'es' = 'en') =>
    render(
      <I18nextProvider i18n={createI18n(language)}>
        <WidgetHostProvider environment={{ telemetry: store, registry }}>
          <ChannelReaderProvider reader={store}>
            <WidgetHost elementId={id} element={el} rect={rect} scale={1} theme={theme} />
          </ChannelReaderProvider>
        </WidgetHostProvider>
      </I18nextProvider>,
    );
  const settle = () => act(async () => undefined);

  it('names an unknown type in a translated error tile', () => {
    show('w1', element({ type: 'sparkle-cloud' }), 'es');
    const tile = screen.getByTestId('widget-w1');
    expect(tile.getAttribute('data-state')).toBe('error');
    expect(screen.getByTestId('widget-error').textContent).toBe('Tipo de widget desconocido "sparkle-cloud"');
  });

  it('lists each invalid option as field: message', () => {
    show('w2', element({ type: 'fake-kpi', version: 2, options: { decimals: 9, unit: 5 } }));
    expect(screen.getByTestId('widget-w2').getAttribute('data-state')).toBe('error');
    const lines = [...screen.getByTestId('widget-error').children].map((line) => line.textContent);
    // The fake descriptor's nameKey has no text: the tile falls back to the type id, never the raw key.
    expect(lines[0]).toBe('fake-kpi: these settings are not valid');
    expect(lines.slice(1)).toEqual(['decimals: Too big: expected number to be <=6', 'unit: Invalid input: expected string, received number']);
  });

  it('migrates old options, loads the renderer lazily and shows live values at the tile size', async () => {
    show('w3', element({ type: 'fake-kpi', version: 1, title: 'Main incomer', options: { suffix: 'MW' }, binding: { meterIds: [42] } }));
    const tile = screen.getByTestId('widget-w3');
    expect(tile.getAttribute('data-state')).toBe('loading');
    expect(screen.getByTestId('widget-title').textContent).toBe('Main incomer');
    await settle();
    expect(source.channels).toEqual(['meter:42:latest']);
    expect(tile.getAttribute('data-state')).toBe('loading');
    act(() => {
      source.push('meter:42:latest', { meterId: 42, ts: now - 1000, values: { p: 12.345 } });
      frames.run();
    });
    expect(tile.getAttribute('data-state')).toBe('live');
    expect(screen.getByTestId('kpi-value').textContent).toBe('12.3 MW');
    // 200 px tall tile minus the 32 px title bar.
    expect(screen.getByTestId('kpi-value').getAttribute('data-size')).toBe('300x168');
    expect(screen.getByTestId('widget-age').textContent).toBe('14:29:59');
  });

  it('re-renders the renderer only when its own channel changes', async () => {
    show('w4', element({ type: 'fake-kpi', binding: { meterIds: [1] } }));
    await settle();
    store.watch(['meter:2:latest']);
    act(() => {
      source.push('meter:1:latest', { meterId: 1, ts: now, values: { p: 1 } });
      frames.run();
    });
    const afterFirst = kpiRenders;
    act(() => {
      source.push('meter:2:latest', { meterId: 2, ts: now, values: { p: 2 } });
      frames.run();
    });
    expect(kpiRenders).toBe(afterFirst);
    act(() => {
      source.push('meter:1:latest', { meterId: 1, ts: now, values: { p: 3 } });
      frames.run();
    });
    expect(kpiRenders).toBe(afterFirst + 1);
  });

  it('greys the tile with the last update time once the data is older than staleAfterMs', async () => {
    show('w5', element({ type: 'fake-kpi', binding: { meterIds: [7] } }));
    await settle();
    act(() => {
      source.push('meter:7:latest', { meterId: 7, ts: now, values: { p: 1 } });
      frames.run();
    });
    const tile = screen.getByTestId('widget-w5');
    expect(tile.getAttribute('data-state')).toBe('live');
    now += 60_000;
    act(() => vi.advanceTimersByTime(1000));
    expect(tile.getAttribute('data-state')).toBe('live');
    now += 2000;
    act(() => vi.advanceTimersByTime(1000));
    expect(tile.getAttribute('data-state')).toBe('stale');
    expect(screen.getByTestId('widget-stale').textContent).toBe('Last update 14:30:00');
    expect(screen.getByTestId('kpi-value').getAttribute('data-stale')).toBe('true');
    act(() => {
      source.push('meter:7:latest', { meterId: 7, ts: now, values: { p: 2 } });
      frames.run();
    });
    expect(tile.getAttribute('data-state')).toBe('live');
    expect(screen.queryByTestId('widget-stale')).toBeNull();
  });

  it('marks data stale while the socket is down', async () => {
    show('w6', element({ type: 'fake-kpi', binding: { meterIds: [7] } }));
    await settle();
    act(() => {
      source.push('meter:7:latest', { meterId: 7, ts: now, values: { p: 1 } });
      frames.run();
    });
    act(() => store.setConnected(false));
    expect(screen.getByTestId('widget-w6').getAttribute('data-state')).toBe('stale');
    act(() => store.setConnected(true));
    expect(screen.getByTestId('widget-w6').getAttribute('data-state')).toBe('live');
  });

  it('shows an error tile when the renderer throws and tries again after 30 s', async () => {
    show('w7', element({ type: 'fake-exploding' }));
    await settle();
    const tile = screen.getByTestId('widget-w7');
    expect(tile.getAttribute('data-state')).toBe('error');
    expect(screen.getByTestId('widget-error').textContent).toBe('fake-exploding could not be drawn; trying again in 30 sThe gauge lost its needle');
    throwNext = false;
    act(() => vi.advanceTimersByTime(29_000));
    expect(tile.getAttribute('data-state')).toBe('error');
    act(() => vi.advanceTimersByTime(1000));
    await settle();
    expect(tile.getAttribute('data-state')).toBe('live');
    expect(screen.getByTestId('exploding').textContent).toBe('healed');
  });

  it('stops saying "loading" 2 s after connecting when a channel has no snapshot', async () => {
    show('w9', element({ type: 'fake-kpi', binding: { meterIds: [99] } }));
    await settle();
    const tile = screen.getByTestId('widget-w9');
    now += 1000;
    act(() => vi.advanceTimersByTime(1000));
    expect(tile.getAttribute('data-state')).toBe('loading');
    now += 1000;
    act(() => vi.advanceTimersByTime(1000));
    expect(tile.getAttribute('data-state')).toBe('live');
    expect(screen.getByTestId('kpi-value').textContent).toBe('—');
  });

  it('releases its channels on unmount', async () => {
    const view = show('w8', element({ type: 'fake-kpi', binding: { meterIds: [3, 4] } }));
    await settle();
    expect(store.channelCount).toBe(2);
    view.unmount();
    expect(store.channelCount).toBe(0);
    expect(source.channels).toEqual([]);
  });
});
