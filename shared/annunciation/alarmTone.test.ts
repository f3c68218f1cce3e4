import { describe, expect, it } from 'vitest';
import { AlarmTone } from './alarmTone';
import { FakeAudioContext } from './audioContext.test-util';

describe('AlarmTone', () => {
  it('plays one 660 Hz pulse for medium and two 880 Hz pulses a quarter second apart for high', () => {
    const context = new FakeAudioContext('running');
    const tone = new AlarmTone(() => context.asContext());
    expect(tone.play('medium')).toBe('played');
    expect(context.started).toEqual([{ hz: 660, at: 2 }]);
    expect(tone.play('high')).toBe('played');
    expect(context.started.slice(1)).toEqual([
      { hz: 880, at: 2 },
      { hz: 880, at: 2.25 },
    ]);
  });

  it('reports blocked while the browser holds audio back, and plays after unlock from a gesture', async () => {
    const context = new FakeAudioContext('suspended');
    const running: boolean[] = [];
    const tone = new AlarmTone(
      () => context.asContext(),
      (value) => running.push(value),
    );
    expect(tone.play('critical')).toBe('blocked');
    expect(context.resumeCalls).toBe(1);
    expect(context.started).toEqual([]);
    expect(await tone.unlock()).toBe(false);
    context.gesture = true;
    expect(await tone.unlock()).toBe(true);
    expect(running).toEqual([true]);
    expect(tone.play('critical')).toBe('played');
    expect(context.started.map((pulse) => pulse.hz)).toEqual([988, 988]);
  });

  it('makes the context once, on the first tone, and says unsupported without Web Audio', async () => {
    let made = 0;
    const tone = new AlarmTone(() => {
      made++;
      return new FakeAudioContext().asContext();
    });
    expect(made).toBe(0);
    tone.play('low');
    tone.play('low');
    expect(made).toBe(1);
    const silent = new AlarmTone(() => null);
    expect(silent.play('high')).toBe('unsupported');
    expect(await silent.unlock()).toBe(false);
  });
});
