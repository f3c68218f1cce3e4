import type { SampleBoard } from './sampleBoard';
import { sampleBoard } from './grid';

/**
 * The industry wall: specific energy consumption per production line against its target, the equipment's idle energy
 * today (the waste a shift leader can act on now) and the fleet's IMO CII ratings. Each tile reads its tree's figures from
 * the server (the living demo's lines, devices and ships; until they exist the tiles say there is nothing to show).
 */
export const industryEnergySample: SampleBoard = {
  key: 'industry-energy',
  build() {
    return sampleBoard(
      'Industry energy',
      'Production lines’ energy per unit against target, idle energy of the equipment today, and the fleet’s CII ratings.',
      [
        {
          id: 'title',
          at: [0, 0, 18, 2],
          element: { type: 'text', title: '', options: { text: 'Industry energy', variant: 'heading', fontSize: 36 }, binding: {} },
        },
        { id: 'clock', at: [18, 0, 6, 2], element: { type: 'clock', title: '', options: { showSeconds: false, showDate: true }, binding: {} } },
        {
          id: 'sec-yesterday',
          at: [0, 2, 12, 9],
          element: {
            type: 'line-sec',
            title: 'Energy per unit yesterday (kWh)',
            options: { period: 'yesterday', secUnit: 'kwh', digits: 2, maxLines: 8 },
            binding: {},
          },
        },
        {
          id: 'sec-month',
          at: [0, 11, 12, 9],
          element: {
            type: 'line-sec',
            title: 'Energy per unit this month (kgce)',
            options: { period: 'thisMonth', secUnit: 'kgce', digits: 3, maxLines: 8 },
            binding: {},
          },
        },
        {
          id: 'idle',
          at: [12, 2, 12, 9],
          element: { type: 'idle-energy', title: 'Idle energy today', options: { limit: 8, digits: 0 }, binding: {} },
        },
        {
          id: 'fleet',
          at: [12, 11, 12, 9],
          element: { type: 'fleet-cii', title: 'Fleet CII rating (year to date)', options: { year: null, limit: 8, showTrend: true, digits: 2 }, binding: {} },
        },
      ],
    );
  },
};
