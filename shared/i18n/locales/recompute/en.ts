/** English texts of the recompute jobs panel (band figures rebuilt after a change); zh.ts and es.ts hold the same keys. */
export const recomputeEn = {
  intro: 'Band energy and cost are rebuilt for the days a tariff, calendar, assignment or data change touches.',
  refresh: 'Refresh',
  empty: 'No recompute jobs yet',
  range: '{{from}} to {{to}}',
  meters_one: '{{done}} / {{total}} meter',
  meters_other: '{{done}} / {{total}} meters',
  columns: {
    reason: 'Cause',
    days: 'Days',
    state: 'State',
    progress: 'Progress',
    created: 'Queued at',
    finished: 'Finished at',
    error: 'Error',
  },
  reasons: {
    'tariff-version': 'Tariff version changed',
    calendar: 'Working calendar changed',
    assignment: 'Tariff assignment changed',
    correction: 'Data corrected',
    other: '{{reason}}',
  },
  states: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
};
