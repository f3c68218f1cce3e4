import { useEffect, useState } from 'react';
import type { AlarmKind } from '@shared/schemas/alarms';
import { useStores } from '../../../stores/StoreContext';
import { useAlarmsApi } from '../shared/useAlarmsApi';
import { AlarmRecordsController } from './AlarmRecordsController';

/** A records list for the screen, loaded once and kept live from the alarm store while mounted. */
export function useAlarmRecords(kind?: AlarmKind): AlarmRecordsController {
  const root = useStores();
  const api = useAlarmsApi();
  const [list] = useState(() => new AlarmRecordsController(api, kind));
  useEffect(() => {
    void list.load();
    return list.watch(root.alarms);
  }, [list, root.alarms]);
  return list;
}
