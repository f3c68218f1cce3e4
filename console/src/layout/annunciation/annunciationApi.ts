import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api/envelopeData';
import { ALARM_STATES, type AlarmActionResult, type AlarmRecordPage } from '@shared/schemas/alarms';
import { RECENT_ALARMS_LIMIT } from '@shared/stores/alarmStore';

/** The two alarm calls the bell makes (server/modules/alarms/routes.ts); the alerts screens have their own client. */
export interface AnnunciationApi {
  /** POST /alarm-records/acknowledge: the server records the signed-in user as the acknowledger. */
  acknowledge(ids: number[]): Promise<AlarmActionResult>;
  /** The newest alarms nobody has acknowledged, including those raised before the page loaded. */
  waiting(): Promise<AlarmRecordPage>;
}

export function createAnnunciationApi(http: AxiosInstance): AnnunciationApi {
  return {
    acknowledge: (ids) => envelopeData(http.post('/alarm-records/acknowledge', { ids })),
    waiting: () => envelopeData(http.get('/alarm-records', { params: { processingState: ALARM_STATES.new, size: RECENT_ALARMS_LIMIT } })),
  };
}
