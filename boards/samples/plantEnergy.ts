import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/**
 * The energy board (Boards › Energy boards): the band the plant is in now, this month's energy and cost per band,
 * Hall A's shifts, then the plant's energy by month, department and sub-item, and its year.
 */
export const plantEnergySample: SampleBoard = {
  key: 'plant-energy',
  build(refs) {
    const plant = resolved([refs.department('PLANT')]);
    const hallA = resolved([refs.department('HALL-A')]);
    return sampleBoard(
      'Plant energy',
      'What the plant’s electricity costs now and this month, per shift, and where it goes: months, halls and utilities, sub-items and the daily year.',
      [
        {
          id: 'title',
          at: [0, 0, 16, 2],
          element: { type: 'text', title: '', options: { text: 'Main Plant — electricity', variant: 'heading', fontSize: 36 }, binding: {} },
        },
        { id: 'clock', at: [16, 0, 8, 2], element: { type: 'clock', title: '', options: { showSeconds: false, showDate: true }, binding: {} } },
        {
          id: 'band-now',
          at: [0, 2, 5, 6],
          element: { type: 'current-band', title: 'Tariff band now', options: {}, binding: { departmentIds: plant, energyType: 'electricity' } },
        },
        {
          id: 'band-cost',
          at: [5, 2, 10, 6],
          element: {
            type: 'band-cost',
            title: 'This month by tariff band',
            options: { period: 'month' },
            binding: { departmentIds: plant, energyType: 'electricity' },
          },
        },
        {
          id: 'shifts',
          at: [15, 2, 9, 6],
          element: { type: 'shift-energy', title: 'Production Hall A by shift', options: { previous: 6 }, binding: { departmentIds: hallA } },
        },
        {
          id: 'months',
          at: [0, 8, 12, 6],
          element: {
            // A bar per month, beside it the same month a year earlier, and the last full month's change.
            type: 'energy-periods',
            title: 'Main Plant electricity by month',
            options: { compareYearEarlier: true },
            binding: { departmentIds: plant, energyType: 'electricity', grain: 'month', periods: 12 },
          },
        },
        {
          id: 'halls',
          at: [12, 8, 12, 6],
          // The children of PLANT: halls and utilities, ranked over the last 30 days.
          element: {
            type: 'top-n',
            title: 'Halls and utilities, last 30 days',
            options: { scope: 'department', limit: 6 },
            binding: { departmentIds: plant, energyType: 'electricity', grain: 'day', periods: 30 },
          },
        },
        {
          id: 'subitems',
          at: [0, 14, 8, 6],
          element: {
            type: 'share-pie',
            title: 'By sub-item, last 30 days',
            options: { scope: 'subitem', limit: 5 },
            binding: { energyType: 'electricity', grain: 'day', periods: 30 },
          },
        },
        {
          id: 'year',
          at: [8, 14, 16, 6],
          element: {
            type: 'energy-calendar',
            title: 'Daily plant electricity, last 365 days',
            options: {},
            binding: { departmentIds: plant, energyType: 'electricity', periods: 365 },
          },
        },
      ],
      { purpose: 'energy' },
    );
  },
};
