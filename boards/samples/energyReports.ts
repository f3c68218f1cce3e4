import type { SampleBoard } from './sampleBoard';
import { sampleBoard } from './grid';

/**
 * The reports wall: yesterday's energy by department and this month's time-of-use statement, each the live table of
 * the tree's definition made from that shipped template (the living demo makes them; until then the tiles say the
 * definition does not exist), recomputed by the server every few minutes.
 */
export const energyReportsSample: SampleBoard = {
  key: 'energy-reports',
  build() {
    return sampleBoard('Energy reports', 'Report tables on the wall: yesterday’s energy by department and this month’s time-of-use statement.', [
      {
        id: 'title',
        at: [0, 0, 18, 2],
        element: { type: 'text', title: '', options: { text: 'Energy reports', variant: 'heading', fontSize: 36 }, binding: {} },
      },
      { id: 'clock', at: [18, 0, 6, 2], element: { type: 'clock', title: '', options: { showSeconds: false, showDate: true }, binding: {} } },
      {
        id: 'yesterday',
        at: [0, 2, 8, 18],
        element: {
          type: 'report-table',
          title: 'Yesterday’s energy by department',
          options: { template: 'dailyEnergy', preset: 'yesterday', rows: 20, scrollSeconds: 12, refreshMinutes: 15 },
          binding: {},
        },
      },
      {
        id: 'bands',
        // The band statement has ten figure columns: two thirds of the wall keep them readable from the room.
        at: [8, 2, 16, 18],
        element: {
          type: 'report-table',
          title: 'This month by tariff band',
          options: { template: 'bandStatement', preset: 'thisMonth', rows: 20, scrollSeconds: 12, refreshMinutes: 15 },
          binding: {},
        },
      },
    ]);
  },
};
