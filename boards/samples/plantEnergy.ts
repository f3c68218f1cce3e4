import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The energy board (Boards › Energy boards): the plant's energy by month, department and sub-item, and its year. */
export const plantEnergySample: SampleBoard = {
  key: 'plant-energy',
  build(refs) {
    const plant = resolved([refs.department('PLANT')]);
    return sampleBoard(
      'Plant energy',
      'Where the plant’s electricity goes: months, halls and utilities, sub-items and the daily year.',
      [
        {
          id: 'title',
          at: [0, 0, 16, 2],
          element: { type: 'text', title: '', options: { text: 'Main Plant — electricity', variant: 'heading', fontSize: 36 }, binding: {} },
        },
        { id: 'clock', at: [16, 0, 8, 2], element: { type: 'clock', title: '', options: { showSeconds: false, showDate: true }, binding: {} } },
        {
          id: 'months',
          at: [0, 2, 12, 9],
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
          at: [12, 2, 12, 9],
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
          at: [0, 11, 8, 9],
          element: {
            type: 'share-pie',
            title: 'By sub-item, last 30 days',
            options: { scope: 'subitem', limit: 5 },
            binding: { energyType: 'electricity', grain: 'day', periods: 30 },
          },
        },
        {
          id: 'year',
          at: [8, 11, 16, 9],
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
