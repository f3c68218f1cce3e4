import { useEffect, useState } from 'react';
import { AlarmSounder } from '@shared/annunciation/alarmSounder';
import { AlarmTone } from '@shared/annunciation/alarmTone';
import { useStores } from '../../stores/StoreContext';
import { AcknowledgeController } from './acknowledgeController';
import { createAnnunciationApi } from './annunciationApi';

export interface Annunciation {
  sounder: AlarmSounder;
  acknowledger: AcknowledgeController;
}

/** One sounder and acknowledge controller per bell; the sounder runs only while `active` (the user may see alarms). */
export function useAnnunciation(active: boolean): Annunciation {
  const { alarms, http } = useStores();
  const [annunciation] = useState<Annunciation>(() => {
    // A click anywhere may unlock audio before the hint is used: the hint then goes by itself.
    const tone = new AlarmTone(undefined, (running) => running && sounder.setSoundBlocked(false));
    const sounder = new AlarmSounder({ unacknowledged: () => alarms.unacknowledged, tone, gestureTarget: document });
    return { sounder, acknowledger: new AcknowledgeController(createAnnunciationApi(http), alarms, sounder) };
  });
  useEffect(() => (active ? annunciation.sounder.start() : undefined), [active, annunciation]);
  return annunciation;
}
