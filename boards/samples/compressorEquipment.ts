import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The equipment board of Compressor 1 (Base data › Equipment boards); the seed submits it for review. */
export const compressorEquipmentSample: SampleBoard = {
  key: 'compressor-1-equipment',
  available: (refs) => refs.meter('M033') !== undefined,
  build(refs) {
    const compressor = resolved([refs.meter('M033')]);
    return sampleBoard(
      'Compressor 1',
      'Compressor 1 in the compressed-air room: load against its overload limit, the last hour and today.',
      [
        {
          id: 'load',
          at: [0, 0, 8, 10],
          element: {
            type: 'gauge',
            title: 'Load',
            // The alarm band starts at the seeded "Compressor overload" limit (server/simulator/demoScenario.ts).
            options: { min: 0, max: 200, warning: 130, alarm: 150, unit: 'kW' },
            binding: { meterIds: compressor, metric: 'kw' },
          },
        },
        {
          id: 'today',
          at: [8, 0, 8, 10],
          element: { type: 'kpi', title: 'Active power', options: { digits: 1, showToday: true }, binding: { meterIds: compressor, metric: 'kw' } },
        },
        { id: 'alarms', at: [16, 0, 8, 10], element: { type: 'alarm-ticker', title: 'Newest alarms', options: { maxRows: 5, sound: false }, binding: {} } },
        {
          id: 'trend',
          at: [0, 10, 24, 10],
          element: {
            type: 'live-trend',
            title: 'Active power, last hour',
            options: { minutes: 60, area: true },
            binding: { meterIds: compressor, metric: 'kw' },
          },
        },
      ],
      { purpose: 'equipment', equipmentMeterId: compressor[0] ?? null },
    );
  },
};
