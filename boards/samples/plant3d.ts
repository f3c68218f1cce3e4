import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/** The 3D plant view: every meter in its building coloured by load, energy by department and hour in 3D, the newest alarms. */
export const plant3dSample: SampleBoard = {
  key: 'plant-3d',
  build(refs) {
    return sampleBoard('3D plant', 'The site in 3D: meters coloured by live load, with the alarm overlay.', [
      { id: 'scene', at: [0, 0, 16, 20], element: { type: 'scene-3d', title: 'Site, live load', options: { tour: true, showLabels: true }, binding: {} } },
      {
        id: 'hours',
        at: [16, 0, 8, 11],
        element: {
          type: 'bar-3d',
          title: 'Energy by department and hour',
          options: {},
          binding: {
            departmentIds: resolved(['HALL-A', 'HALL-B', 'UTILITIES', 'OFFICE'].map(refs.department)),
            energyType: 'electricity',
            grain: 'hour',
            periods: 24,
          },
        },
      },
      { id: 'ticker', at: [16, 11, 8, 9], element: { type: 'alarm-ticker', title: 'Newest alarms', options: { maxRows: 6, sound: false }, binding: {} } },
    ]);
  },
};
