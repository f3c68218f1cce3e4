import { useEffect, useState } from 'react';
import { AlarmSounder } from '@shared/annunciation/alarmSounder';
import { AlarmTone } from '@shared/annunciation/alarmTone';
import type { AlarmRecord } from '@shared/schemas/alarms';

// One tone (one AudioContext) for the page, however many tickers and board switches: browsers cap contexts.
let pageTone: AlarmTone | undefined;
const sharedTone = (): AlarmTone => (pageTone ??= new AlarmTone());

/**
 * The annunciator of a ticker: a shared AlarmSounder (tone rules, mute choice in localStorage, blocked
 * audio) watching the ticker's unacknowledged alarms while `enabled`; stopped on unmount. The rules are
 * the console bell's (shared/annunciation/toneDecider.ts): the records already in the open list when the
 * sounder starts never sound; a record id first seen after that sounds once (the first snapshot the
 * server sends after a wall boots included: one tone for the lot), live high/critical ones repeat.
 */
export function useTickerSound(unacknowledged: () => readonly AlarmRecord[], enabled: boolean): AlarmSounder {
  const [sounder] = useState(
    () => new AlarmSounder({ unacknowledged, tone: sharedTone(), gestureTarget: typeof document === 'undefined' ? undefined : document }),
  );
  useEffect(() => (enabled ? sounder.start() : undefined), [sounder, enabled]);
  return sounder;
}
