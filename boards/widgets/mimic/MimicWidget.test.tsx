// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { createI18n } from '@shared/i18n/createI18n';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '../../runtime/fakeChannelSource.test-util';
import { TelemetryStore } from '../../runtime/telemetryStore';
import { mimicWidget } from './descriptor';
import MimicWidget from './MimicWidget';

// A real telemetry store over a fake socket: the mimic reads alarms:open as the store derives it.
let source: FakeChannelSource;
let frames: ManualFrames;
let store: TelemetryStore;

/** Mounts a mimic like the widget host: its declared channels watched while mounted. */
function renderMimic(options: unknown) {
  const parsed = mimicWidget.options.parse(options);
  const channels = mimicWidget.channels({}, parsed);
  store.watch(channels);
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ChannelReaderProvider reader={store}>
        <MimicWidget
          options={parsed}
          binding={{}}
          title=""
          width={400}
          height={400}
          scale={1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={channels}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
  const push = (channel: string, value: unknown) =>
    act(() => {
      source.push(channel, value);
      frames.run();
    });
  return { push };
}

const meter = (id: number) => ({ type: 'meter' as const, id, code: `M${id}`, name: `Meter ${id}` });

describe('mimic widget', () => {
  beforeEach(() => {
    source = new FakeChannelSource();
    frames = new ManualFrames();
    store = new TelemetryStore({ source, scheduleFrame: frames.schedule });
  });
  afterEach(() => {
    cleanup();
    store.dispose();
  });

  it('says no data when nothing is placed', () => {
    renderMimic({});
    expect(screen.getByTestId('mimic-no-data').textContent).toBe('No data yet');
  });

  it('shows each meter live value and turns red while it has an open alarm', () => {
    const feed = renderMimic({
      icons: [
        { meterId: 11, x: 25, y: 50, label: 'Press 2', metric: 'kw' },
        { meterId: 12, x: 75, y: 50, metric: 'v', digits: 0 },
      ],
    });
    expect(screen.getByTestId('mimic-value-11').textContent).toBe('–');
    expect(screen.getByTestId('mimic-icon-12').textContent).toContain('Meter 12');
    feed.push('meter:11:latest', { meterId: 11, ts: 1, values: { kw: 1234.56, v: 230 } });
    feed.push('meter:12:latest', { meterId: 12, ts: 1, values: { v: 229.6 } });
    expect(screen.getByTestId('mimic-value-11').textContent).toBe('1,234.6 kW');
    expect(screen.getByTestId('mimic-value-12').textContent).toBe('230 V');
    expect(screen.getByTestId('mimic-icon-11').textContent).toContain('Press 2');

    feed.push('alarms:open', alarmRecord(5, { subject: meter(11) }));
    feed.push('alarms:open', alarmRecord(6, { subject: meter(99) }));
    feed.push('alarms:open', alarmRecord(7, { subject: { type: 'department', id: 12, code: null, name: 'Hall' } }));
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('true');
    expect(screen.getByTestId('mimic-icon-12').dataset.alarm).toBe('false');
    feed.push('alarms:open', alarmRecord(8, { subject: meter(11), processingState: 2 }));
    feed.push('alarms:open', alarmRecord(5, { subject: meter(11), processingState: 3 }));
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('true');
    feed.push('alarms:open', alarmRecord(8, { subject: meter(11), processingState: 4 }));
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('false');
  });

  it('is red from the start for an alarm the wall received before it mounted', () => {
    store.watch(['alarms:open']);
    source.push('alarms:open', alarmRecord(5, { subject: meter(12) }));
    source.push('alarms:open', alarmRecord(6, { subject: meter(40) }));
    frames.run();
    renderMimic({
      icons: [
        { meterId: 11, x: 25, y: 50 },
        { meterId: 12, x: 75, y: 50 },
      ],
    });
    expect(screen.getByTestId('mimic-icon-12').dataset.alarm).toBe('true');
    expect(screen.getByTestId('mimic-icon-11').dataset.alarm).toBe('false');
  });

  it('places icons on the picture, not the tile, once it has loaded', () => {
    renderMimic({ background: '/api/files/1/plant.png', icons: [{ meterId: 11, x: 50, y: 0 }] });
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'naturalWidth', { value: 1000 });
    Object.defineProperty(picture, 'naturalHeight', { value: 500 });
    expect(screen.getByTestId('mimic-icon-11').style.top).toBe('0px');
    fireEvent.load(picture);
    // A 2:1 picture contained in 400×400 starts 100 px down.
    expect(screen.getByTestId('mimic-icon-11').style.top).toBe('100px');
    expect(screen.getByTestId('mimic-icon-11').style.left).toBe('200px');
  });
});
