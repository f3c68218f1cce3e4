/** English texts: The 3D plant view at /visualization. zh.ts and es.ts beside this file hold the same keys. */
export const visualizationEn = {
  title: 'Plant visualization',
  widgetName: '3D plant scene',
  waiting: 'Waiting for the meter directory…',
  noMeters: 'No meters to show',
  unassigned: 'Unassigned',
  meterCount_one: '{{count}} meter',
  meterCount: '{{count}} meters',
  summary: 'Meters {{meters}} · Buildings {{buildings}} · In alarm {{alarms}}',
  alarmsTitle: 'Open alarms ({{count}})',
  noAlarms: 'No open alarms',
  moreAlarms: '+{{count}} more',
  legend: {
    title: 'Live load',
    idle: 'Idle',
    highest: 'Site’s highest',
    noData: 'Offline or no data',
    alarm: 'Open alarm (pulsing)',
  },
};
