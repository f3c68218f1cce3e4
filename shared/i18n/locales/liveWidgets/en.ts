/** English texts: Live, alarm, media and 3D widgets: names in the palette and their own texts. zh.ts and es.ts beside this file hold the same keys. */
export const liveWidgetsEn = {
  noData: 'No data yet',
  names: {
    'top-n': 'Top-N energy table',
    'alarm-counters': 'Alarm counters',
    'alarm-ticker': 'Alarm ticker',
    clock: 'Clock',
    text: 'Text',
    image: 'Image',
    announcements: 'Announcements',
    mimic: 'Mimic view',
    'bar-3d': '3D energy bars',
  },
  topN: {
    rank: '#',
    name: 'Name',
    energy: 'Energy',
    share: 'Share',
  },
  alarmCounters: {
    total: 'All open alarms',
  },
  alarmTicker: {
    none: 'No open alarms',
    enableSound: 'Click to enable sound',
    acknowledged: 'Acknowledged',
    ended: 'Ended {{time}}',
    more_one: '+{{count}} more',
    more_other: '+{{count}} more',
  },
  announcements: {
    none: 'No announcements today',
  },
  image: {
    none: 'No picture chosen',
  },
  mimic: {
    meter: 'Meter {{id}}',
    inAlarm: 'In alarm',
  },
  bar3d: {
    chooseDepartments: 'Choose departments to compare',
  },
};
