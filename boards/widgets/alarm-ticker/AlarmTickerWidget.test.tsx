// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { FakeAudioContext } from '@shared/annunciation/audioContext.test-util';
import { MUTE_STORAGE_KEY } from '@shared/annunciation/muteSetting';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import AlarmTickerWidget from './AlarmTickerWidget';
import { alarmTickerWidget } from './descriptor';
import { fakeReader } from './fakeReader.test-util';

// The page shares one tone (one AudioContext) across tickers, so the tests share one stand-in and reset it.
const audio = new FakeAudioContext('suspended');

function renderTicker(options: unknown = {}, language: Language = 'en') {
  const feed = fakeReader();
  const view = render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={feed.reader}>
        <AlarmTickerWidget
          options={alarmTickerWidget.options.parse(options)}
          binding={{}}
          title=""
          width={600}
          height={300}
          scale={1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={['alarms:new']}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
  const push = (value: unknown) => act(() => feed.push('alarms:new', value));
  return { ...feed, push, view };
}

const rowIds = () => screen.queryAllByTestId(/^ticker-alarm-/).map((row) => row.dataset.testid);

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
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each alarm that arrives, newest first, and drops processed ones', () => {
    const { push } = renderTicker();
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
    push(alarmRecord(2, { processingState: 3 }));
    expect(rowIds()).toEqual(['ticker-alarm-1']);
    expect(screen.queryByRole('button', { name: /acknowledge/i })).toBeNull();
  });

  it('shows the rows allowed by its options, in the wall language', () => {
    const { push } = renderTicker({ maxRows: 2, minSeverity: 'high' }, 'es');
    push([alarmRecord(1, { severity: 'high' }), alarmRecord(2, { severity: 'low' }), alarmRecord(3, { severity: 'critical' }), alarmRecord(4, { severity: 'high' })]);
    expect(rowIds()).toEqual(['ticker-alarm-4', 'ticker-alarm-3']);
    expect(screen.getByTestId('ticker-alarm-3').textContent).toContain('Crítica');
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

  it('stays silent and shows no chip when the browser is muted or sound is off', () => {
    localStorage.setItem(MUTE_STORAGE_KEY, '1');
    const muted = renderTicker();
    muted.push(alarmRecord(8, { severity: 'critical' }));
    expect(audio.resumeCalls).toBe(0);
    expect(screen.queryByTestId('ticker-enable-sound')).toBeNull();
    cleanup();
    localStorage.clear();
    const off = renderTicker({ sound: false });
    off.push(alarmRecord(9, { severity: 'critical' }));
    expect(audio.resumeCalls).toBe(0);
    expect(screen.getByTestId('ticker-alarm-9')).toBeTruthy();
  });

  it('leaves no timer or listener behind when unmounted', () => {
    const { push, view } = renderTicker();
    push(alarmRecord(10));
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
