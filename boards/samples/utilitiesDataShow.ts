import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The data-show code of the utilities board: /payment-statistics/datashowboard/UTILITIES-LIVE opens it. */
export const UTILITIES_DATA_SHOW_CODE = 'UTILITIES-LIVE';

/** The data-show board (Payment statistics › Data-show boards): the utilities' live loads, opened by its code. */
export const utilitiesDataShowSample: SampleBoard = {
  key: 'utilities-data-show',
  build(refs) {
    const meter = (code: string) => resolved([refs.meter(code)]);
    const kpi = (id: string, x: number, code: string, title: string) => ({
      id,
      at: [x, 0, 6, 5] as [number, number, number, number],
      element: { type: 'kpi', title, options: { digits: 1, showToday: true }, binding: { meterIds: meter(code), metric: 'kw' } },
    });
    return sampleBoard(
      'Utilities live',
      'Chillers, compressors and the boiler house as they run now, with today’s energy.',
      [
        kpi('chiller-1', 0, 'M030', 'Chiller 1'),
        kpi('chiller-2', 6, 'M031', 'Chiller 2'),
        kpi('compressor-1', 12, 'M033', 'Compressor 1'),
        kpi('compressor-2', 18, 'M034', 'Compressor 2'),
        {
          id: 'trend',
          at: [0, 5, 16, 15],
          element: {
            type: 'live-trend',
            title: 'Utilities, active power',
            options: { minutes: 60, area: false },
            binding: { meterIds: resolved(['M030', 'M031', 'M033', 'M034'].map(refs.meter)), metric: 'kw' },
          },
        },
        {
          id: 'utilities',
          at: [16, 5, 8, 15],
          element: {
            type: 'energy-bar',
            // The boiler house burns gas: only the electric utilities here.
            title: 'Cooling and compressed air, last 24 h',
            options: { scope: 'department', limit: 2 },
            binding: { departmentIds: resolved(['HVAC', 'AIR'].map(refs.department)), energyType: 'electricity', grain: 'hour', periods: 24 },
          },
        },
      ],
      { purpose: 'data-show', code: UTILITIES_DATA_SHOW_CODE },
    );
  },
};
