import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlarmStore } from '../stores/alarmStore';
import { alarmRecord } from './alarmRecord.test-util';
import { AlarmSounder, worstSeverity } from './alarmSounder';
import type { ToneOutcome } from './alarmTone';
import { MUTE_STORAGE_KEY } from './muteSetting';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

function setup(options: { outcome?: ToneOutcome; storage?: ReturnType<typeof memoryStorage>; before?: (alarms: AlarmStore) => void } = {}) {
  const alarms = new AlarmStore();
  options.before?.(alarms);
  const played: string[] = [];
  let outcome: ToneOutcome = options.outcome ?? 'played';
  const tone = {
    play: (severity: string) => (played.push(severity), outcome),
    unlock: vi.fn(async () => (outcome = 'played') === 'played'),
  };
  const gestures = new EventTarget();
  const storage = options.storage ?? memoryStorage();
  const sounder = new AlarmSounder({ unacknowledged: () => alarms.unacknowledged, tone, storage, gestureTarget: gestures });
  const stop = sounder.start();
  return { alarms, sounder, played, tone, gestures, storage, stop };
}

describe('AlarmSounder', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('beeps for an alarm that arrives live, not for the ones already in the store', () => {
    const { alarms, played, stop } = setup({ before: (store) => store.receiveAlarm(alarmRecord(1, { severity: 'critical' })) });
    vi.advanceTimersByTime(30_000);
    expect(played).toEqual([]);
    alarms.receiveAlarm(alarmRecord(2, { severity: 'low' }));
    // The worst waiting alarm sets the tone.
    expect(played).toEqual(['critical']);
    stop();
  });

  it('repeats every 10 s for a live high alarm until it is acknowledged', () => {
    const { alarms, played, stop } = setup();
    alarms.receiveAlarm(alarmRecord(3, { severity: 'high' }));
    vi.advanceTimersByTime(25_000);
    expect(played).toEqual(['high', 'high', 'high']);
    alarms.receiveAlarm(alarmRecord(3, { severity: 'high', processingState: 2, acknowledgedBy: 'operator1' }));
    vi.advanceTimersByTime(30_000);
    expect(played).toHaveLength(3);
    stop();
  });

  it('keeps the mute choice in localStorage and stays silent while muted', () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    first.sounder.setMuted(true);
    expect(storage.values.get(MUTE_STORAGE_KEY)).toBe('1');
    first.stop();
    const second = setup({ storage });
    expect(second.sounder.muted).toBe(true);
    second.alarms.receiveAlarm(alarmRecord(4, { severity: 'critical' }));
    vi.advanceTimersByTime(30_000);
    expect(second.played).toEqual([]);
    second.sounder.setMuted(false);
    expect(storage.values.get(MUTE_STORAGE_KEY)).toBe('0');
    vi.advanceTimersByTime(1_000);
    expect(second.played).toEqual(['critical']);
    second.stop();
  });

  it('raises soundBlocked when the browser holds the tone, and a click anywhere lifts it', async () => {
    const { alarms, sounder, gestures, tone, stop } = setup({ outcome: 'blocked' });
    alarms.receiveAlarm(alarmRecord(5));
    expect(sounder.soundBlocked).toBe(true);
    gestures.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(sounder.soundBlocked).toBe(false));
    expect(tone.unlock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops watching when disposed', () => {
    const { alarms, played, stop } = setup();
    stop();
    alarms.receiveAlarm(alarmRecord(6, { severity: 'critical' }));
    vi.advanceTimersByTime(30_000);
    expect(played).toEqual([]);
  });

  it('finds the worst severity', () => {
    expect(worstSeverity([alarmRecord(1, { severity: 'medium' }), alarmRecord(2, { severity: 'high' }), alarmRecord(3, { severity: 'low' })])).toBe('high');
    expect(worstSeverity([])).toBe('low');
  });
});
