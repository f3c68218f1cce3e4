import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The energy control-room overview: live power of the big loads, today's energy by department and sub-item, the flow and the year. */
export const controlRoomSample: SampleBoard = {
  key: 'control-room',
  build(refs) {
    const meter = (code: string) => resolved([refs.meter(code)]);
    const kpi = (id: string, x: number, code: string, title: string) => ({
      id,
      at: [x, 2, 4, 4] as [number, number, number, number],
      element: { type: 'kpi', title, options: { digits: 1 }, binding: { meterIds: meter(code), metric: 'kw' } },
    });
    return sampleBoard(
      'Energy control room',
      'Site overview for the control-room wall: live loads, energy by department and sub-item, flow and daily history.',
      [
        {
          id: 'title',
          at: [0, 0, 10, 2],
          element: { type: 'text', title: '', options: { text: 'Main site — energy overview', variant: 'heading', fontSize: 36 }, binding: {} },
        },
        { id: 'alarms', at: [10, 0, 8, 2], element: { type: 'alarm-counters', title: '', options: {}, binding: {} } },
        { id: 'clock', at: [18, 0, 6, 2], element: { type: 'clock', title: '', options: { showSeconds: true, showDate: true }, binding: {} } },
        kpi('press', 0, 'M011', 'Line 1 press'),
        kpi('oven', 4, 'M015', 'Line 2 oven'),
        kpi('chiller', 8, 'M030', 'Chiller 1'),
        kpi('compressor', 12, 'M033', 'Compressor 1'),
        kpi('ups', 16, 'M045', 'UPS A'),
        {
          id: 'ups-gauge',
          at: [20, 2, 4, 4],
          element: {
            type: 'gauge',
            title: 'UPS B load',
            options: { min: 0, max: 100, warning: 80, alarm: 90, unit: 'kW' }, // a 100 kW UPS that runs at about two thirds
            binding: { meterIds: meter('M046'), metric: 'kw' },
          },
        },
        {
          id: 'trend',
          at: [0, 6, 12, 7],
          element: {
            type: 'live-trend',
            title: 'Production lines, active power',
            options: { minutes: 30, area: false },
            binding: { meterIds: resolved(['M011', 'M012', 'M014', 'M015', 'M021'].map(refs.meter)), metric: 'kw' },
          },
        },
        {
          id: 'by-department',
          at: [12, 6, 6, 7],
          element: {
            type: 'energy-bar',
            title: 'Today by department',
            options: { scope: 'department', limit: 6 },
            binding: { energyType: 'electricity', grain: 'hour', periods: 24 },
          },
        },
        {
          id: 'by-subitem',
          at: [18, 6, 6, 7],
          element: {
            type: 'share-pie',
            title: 'Today by sub-item',
            options: { scope: 'subitem', limit: 5 },
            binding: { energyType: 'electricity', grain: 'hour', periods: 24 },
          },
        },
        {
          id: 'flow',
          at: [0, 13, 12, 7],
          element: { type: 'energy-sankey', title: 'Energy flow, last 7 days', options: {}, binding: { energyType: 'electricity', grain: 'day', periods: 7 } },
        },
        {
          id: 'year',
          at: [12, 13, 12, 7],
          element: {
            type: 'energy-calendar',
            title: 'Daily energy, last 365 days',
            options: {},
            binding: { departmentIds: resolved(['PLANT', 'OFFICE'].map(refs.department)), energyType: 'electricity', periods: 365 },
          },
        },
      ],
    );
  },
};
