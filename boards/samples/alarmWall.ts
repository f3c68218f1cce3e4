import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The alarm wall: open counts, the newest alarms with sound, the shift's notices, the biggest consumers and the critical loads on a mimic. */
export const alarmWallSample: SampleBoard = {
  key: 'alarm-wall',
  build(refs) {
    const icon = (code: string, x: number, y: number, label: string) => resolved([refs.meter(code)]).map((meterId) => ({ meterId, x, y, label, metric: 'kw' }));
    return sampleBoard('Alarm wall', 'Open alarms and the loads behind them, for the operators on shift.', [
      { id: 'counts', at: [0, 0, 18, 3], element: { type: 'alarm-counters', title: 'Open alarms', options: {}, binding: {} } },
      { id: 'clock', at: [18, 0, 6, 3], element: { type: 'clock', title: '', options: {}, binding: {} } },
      { id: 'ticker', at: [0, 3, 14, 12], element: { type: 'alarm-ticker', title: 'Newest alarms', options: { maxRows: 9, sound: true }, binding: {} } },
      // The shift's notices from Inquiries › Announcements (audience: walls), one at a time.
      { id: 'notices', at: [0, 15, 14, 5], element: { type: 'announcements', title: 'Notices', options: { seconds: 12, fontSize: 26 }, binding: {} } },
      {
        id: 'top',
        at: [14, 3, 10, 8],
        // The plant's halls and utilities (the children of PLANT), not the two top-level sites.
        element: {
          type: 'top-n',
          title: 'Biggest consumers in the plant, last 24 h',
          options: { scope: 'department', limit: 6 },
          binding: { departmentIds: resolved([refs.department('PLANT')]), energyType: 'electricity', grain: 'hour', periods: 24 },
        },
      },
      {
        id: 'critical-loads',
        at: [14, 11, 10, 9],
        element: {
          type: 'mimic',
          title: 'Critical loads',
          options: {
            icons: [
              ...icon('M045', 20, 25, 'UPS A'),
              ...icon('M046', 50, 25, 'UPS B'),
              ...icon('M047', 80, 25, 'CRAC'),
              ...icon('M030', 20, 72, 'Chiller 1'),
              ...icon('M031', 50, 72, 'Chiller 2'),
              ...icon('M033', 80, 72, 'Compressor 1'),
            ],
          },
          binding: {},
        },
      },
    ]);
  },
};
