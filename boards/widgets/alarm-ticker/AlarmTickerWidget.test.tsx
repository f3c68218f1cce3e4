// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { FakeAudioContext } from '@shared/annunciation/audioContext.test-util';
import { MUTE_STORAGE_KEY } from '@shared/annunciation/muteSetting';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '../../runtime/fakeChannelSource.test-util';
import { TelemetryStore } from '../../runtime/telemetryStore';
import AlarmTickerWidget from './AlarmTickerWidget';
import { alarmTickerWidget } from './descriptor';

// The page shares one tone (one AudioContext) across tickers, so the tests share one stand-in and reset it.
const audio = new FakeAudioContext('suspended');

/** The wall: a real telemetry store over a fake socket; `push` delivers alarms:open changes (one record each) and runs a frame. */
function wall() {
  const source = new FakeChannelSource();
  const frames = new ManualFrames();
  const store = new TelemetryStore({ source, scheduleFrame: frames.schedule });
  const push = (...records: unknown[]) =>
    act(() => {
      for (const record of records) source.push('alarms:open', record);
      frames.run();
    });
  return { source, store, push };
}
let current: ReturnType<typeof wall>;

/** Mounts a ticker like the widget host: its declared channels watched while mounted. */
function renderTicker(options: unknown = {}, language: Language = 'en', testId = 'ticker') {
  const parsed = alarmTickerWidget.options.parse(options);
  const channels = alarmTickerWidget.channels({}, parsed);
  const unwatch = current.store.watch(channels);
  const view = render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={current.store}>
        <div data-testid={testId}>
          <AlarmTickerWidget
            options={parsed}
            binding={{}}
            title=""
            width={600}
            height={300}
            scale={1}
            theme={{ mode: 'dark', accent: '#3aa0ff' }}
            channels={channels}
            stale={false}
          />
        </div>
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
  const unmount = () => {
    view.unmount();
    unwatch();
  };
  return { ...current, view, unmount };
}

const rowIds = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByTestId(/^ticker-alarm-/)
    .map((row) => row.dataset.testid);

describe('alarm ticker widget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 9, 0, 0), toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    localStorage.clear();
    Object.assign(audio, { state: 'suspended', resumeCalls: 0, gesture: false });
    audio.started.length = 0;
    vi.stubGlobal(
      'AudioContext',
      vi.fn(function AudioContextStub() {
        return audio;
      }),
    );
    current = wall();
  });
  afterEach(() => {
    cleanup();
    current.store.dispose();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each alarm that arrives, newest first, and drops processed ones', () => {
    const { push, source } = renderTicker();
    expect(source.channels).toEqual(['alarms:counts', 'alarms:open']);
    expect(screen.getByTestId('ticker-empty').textContent).toBe('No open alarms');
    push(alarmRecord(1, { raisedAt: Date.UTC(2026, 10, 22, 8, 0, 0) }));
    push(alarmRecord(2, { raisedAt: Date.UTC(2026, 10, 22, 8, 30, 0), severity: 'critical', kind: 'offline', message: '<img src=x onerror=alert(1)>' }));
    expect(rowIds()).toEqual(['ticker-alarm-2', 'ticker-alarm-1']);
    const newest = screen.getByTestId('ticker-alarm-2');
    expect(newest.dataset.severity).toBe('critical');
    expect(newest.textContent).toContain('Critical');
    expect(newest.textContent).toContain('Offline');
    expect(newest.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(newest.querySelector('img')).toBeNull();
    push(alarmRecord(1, { processingState: 2, acknowledgedBy: 'op' }));
    // Still listed, calmly: tagged acknowledged, not tinted like a new one.
    const acknowledged = screen.getByTestId('ticker-alarm-1');
    expect(acknowledged.dataset.state).toBe('acknowledged');
    expect(within(acknowledged).getByTestId('ticker-acknowledged').textContent).toBe('Acknowledged');
    expect(acknowledged.style.background).toBe('transparent');
    expect(newest.dataset.state).toBe('new');
    expect(within(newest).queryByTestId('ticker-acknowledged')).toBeNull();
    push(alarmRecord(2, { processingState: 3 }));
    expect(rowIds()).toEqual(['ticker-alarm-1']);
    expect(screen.queryByRole('button', { name: /acknowledge/i })).toBeNull();
  });

  it('tags an alarm whose condition has ended with the local time it ended, until someone processes it', () => {
    const { source } = renderTicker({}, 'es');
    act(() => source.push('alarms:open', [alarmRecord(5, { endedAt: null })]));
    expect(screen.queryByTestId('ticker-ended')).toBeNull();
    const ended = new Date(2026, 10, 26, 15, 26, 40).getTime();
    act(() => source.push('alarms:open', [alarmRecord(5, { endedAt: ended })]));
    expect(screen.getByTestId('ticker-ended').textContent).toBe('Terminó 15:26');
    // Still new (unacknowledged): it keeps its tint, the ended tag beside it.
    expect(screen.getByTestId('ticker-alarm-5').dataset.state).toBe('new');
  });

  it('lists an alarm acknowledged before the wall opened (the snapshot), tagged in the wall language; "No open alarms" only when none is', () => {
    const { source } = renderTicker({}, 'es');
    act(() => source.push('alarms:open', [alarmRecord(4, { processingState: 2, acknowledgedBy: 'op' })]));
    expect(screen.queryByTestId('ticker-empty')).toBeNull();
    expect(screen.getByTestId('ticker-alarm-4').dataset.state).toBe('acknowledged');
    expect(screen.getByTestId('ticker-acknowledged').textContent).toBe('Reconocida');
    act(() => source.push('alarms:open', alarmRecord(4, { processingState: 3 })));
    expect(screen.getByTestId('ticker-empty').textContent).toBe('No hay alarmas abiertas');
  });

  it('says how many open alarms it leaves out: past maxRows, and beyond a capped list by the counts', () => {
    const { source } = renderTicker({ maxRows: 2 }, 'en');
    const counts = (total: number) => ({ total, deviceCount: total, errorCount: 0, troubleCount: 0, offlineCount: 0 });
    act(() => {
      source.push('alarms:open', [alarmRecord(3), alarmRecord(2), alarmRecord(1)]);
      source.push('alarms:counts', counts(3));
    });
    expect(rowIds()).toHaveLength(2);
    expect(screen.getByTestId('ticker-more').textContent).toBe('+1 more');
    // 250 open in scope, the list holds 3 of them: 1 past maxRows and 247 beyond the list.
    act(() => source.push('alarms:counts', counts(250)));
    expect(screen.getByTestId('ticker-more').textContent).toBe('+248 more');
    act(() => source.push('alarms:counts', counts(2)));
    expect(screen.getByTestId('ticker-more').textContent).toBe('+1 more');
  });

  it('shows the rows allowed by its options, in the wall language', () => {
    const { push } = renderTicker({ maxRows: 2, minSeverity: 'high' }, 'es');
    push(
      alarmRecord(1, { severity: 'high' }),
      alarmRecord(2, { severity: 'low' }),
      alarmRecord(3, { severity: 'critical' }),
      alarmRecord(4, { severity: 'high' }),
    );
    expect(rowIds()).toEqual(['ticker-alarm-4', 'ticker-alarm-3']);
    expect(screen.getByTestId('ticker-alarm-3').textContent).toContain('Crítica');
  });

  it('shows a ticker mounted later every open alarm the wall received before it', () => {
    const first = renderTicker({}, 'en', 'first');
    first.push(alarmRecord(1, { raisedAt: Date.UTC(2026, 10, 22, 8, 0, 0) }), alarmRecord(2, { raisedAt: Date.UTC(2026, 10, 22, 8, 5, 0) }));
    renderTicker({}, 'en', 'second');
    expect(rowIds(screen.getByTestId('second'))).toEqual(['ticker-alarm-2', 'ticker-alarm-1']);
    first.push(alarmRecord(3, { raisedAt: Date.UTC(2026, 10, 22, 8, 10, 0) }), alarmRecord(1, { processingState: 4 }));
    expect(rowIds(screen.getByTestId('first'))).toEqual(['ticker-alarm-3', 'ticker-alarm-2']);
    expect(rowIds(screen.getByTestId('second'))).toEqual(['ticker-alarm-3', 'ticker-alarm-2']);
  });

  it('asks for a click while the browser holds the tone back, and plays after it', async () => {
    const { push } = renderTicker();
    expect(screen.queryByTestId('ticker-enable-sound')).toBeNull();
    push(alarmRecord(7, { severity: 'high' }));
    expect(audio.resumeCalls).toBe(1);
    const chip = screen.getByTestId('ticker-enable-sound');
    expect(chip.textContent).toBe('Click to enable sound');
    audio.gesture = true;
    await act(async () => chip.click());
    expect(screen.queryByTestId('ticker-enable-sound')).toBeNull();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(audio.started.map((pulse) => pulse.hz)).toEqual([880, 880]);
  });

  it('sounds once for the alarms the first snapshot brings after it mounts, like the console bell', () => {
    audio.state = 'running';
    const { push } = renderTicker();
    push(alarmRecord(1, { severity: 'medium' }), alarmRecord(2, { severity: 'medium' }), alarmRecord(3, { severity: 'low' }));
    expect(audio.started.map((pulse) => pulse.hz)).toEqual([660]);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(audio.started).toHaveLength(1);
  });

  it('never sounds for the alarms already open when it mounts, only for ones arriving after', () => {
    audio.state = 'running';
    const wallTicker = renderTicker({ sound: false }, 'en', 'first');
    wallTicker.push(alarmRecord(1, { severity: 'critical' }), alarmRecord(2, { severity: 'high', processingState: 2 }));
    renderTicker({}, 'en', 'second');
    expect(rowIds(screen.getByTestId('second'))).toEqual(['ticker-alarm-2', 'ticker-alarm-1']);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(audio.started).toEqual([]);
    // An acknowledged record changing again is not new; a new id is.
    wallTicker.push(alarmRecord(2, { severity: 'high', processingState: 2, repeatCount: 1 }));
    act(() => void vi.advanceTimersByTime(2_000));
    expect(audio.started).toEqual([]);
    wallTicker.push(alarmRecord(3, { severity: 'low', raisedAt: Date.UTC(2026, 10, 22, 8, 30, 0) }));
    // The worst alarm waiting (the critical one) sets the tone.
    expect(audio.started.map((pulse) => pulse.hz)).toEqual([988, 988]);
  });

  it('stays silent and shows no chip when the browser is muted or sound is off', () => {
    localStorage.setItem(MUTE_STORAGE_KEY, '1');
    const muted = renderTicker();
    muted.push(alarmRecord(8, { severity: 'critical' }));
    expect(audio.resumeCalls).toBe(0);
    expect(screen.queryByTestId('ticker-enable-sound')).toBeNull();
    muted.unmount();
    localStorage.clear();
    const off = renderTicker({ sound: false });
    off.push(alarmRecord(9, { severity: 'critical' }));
    expect(audio.resumeCalls).toBe(0);
    expect(screen.getByTestId('ticker-alarm-9')).toBeTruthy();
  });

  it('leaves no timer or listener behind when unmounted', () => {
    const before = vi.getTimerCount();
    const { push, unmount, source } = renderTicker();
    push(alarmRecord(10));
    expect(vi.getTimerCount()).toBe(before + 1);
    unmount();
    expect(vi.getTimerCount()).toBe(before);
    expect(source.channels).toEqual([]);
  });
});
