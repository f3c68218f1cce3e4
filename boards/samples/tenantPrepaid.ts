import type { SampleBoard } from './sampleBoard';
import { resolved, sampleBoard } from './grid';

/**
 * The tenant rooms' wall (prepaid): rooms by state (normal, level 1 and 2, arrears, cut off, keep-supply, no data)
 * with today's top-ups, the rooms with the fewest days of credit left first, and the Office Building's tariff band
 * now. Its rooms are the living demo's prepaid ones, made when the simulator starts (server/prepaid/demoPrepaid.ts).
 */
export const tenantPrepaidSample: SampleBoard = {
  key: 'tenant-prepaid',
  build(refs) {
    const office = resolved([refs.department('OFFICE')]);
    return sampleBoard('Tenant prepaid', 'The tenant rooms’ credit: rooms by state, today’s top-ups, and the rooms that run out first.', [
      {
        id: 'title',
        at: [0, 0, 18, 2],
        element: { type: 'text', title: '', options: { text: 'Office Building — tenant rooms', variant: 'heading', fontSize: 36 }, binding: {} },
      },
      { id: 'clock', at: [18, 0, 6, 2], element: { type: 'clock', title: '', options: { showSeconds: false, showDate: true }, binding: {} } },
      { id: 'states', at: [0, 2, 9, 10], element: { type: 'prepaid-overview', title: 'Rooms by state', options: {}, binding: {} } },
      {
        id: 'band-now',
        at: [0, 12, 9, 8],
        element: { type: 'current-band', title: 'Tariff band now', options: {}, binding: { departmentIds: office, energyType: 'electricity' } },
      },
      {
        id: 'credit',
        at: [9, 2, 15, 18],
        element: { type: 'room-credit', title: 'Days of credit left', options: { limit: 12, showMember: true }, binding: {} },
      },
    ]);
  },
};
