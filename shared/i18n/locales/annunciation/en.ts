/** English texts of the annunciation (the navbar's alarm bell); zh.ts and es.ts beside this file hold the same keys. */
export const annunciationEn = {
  loading: 'Loading…',
  bell: 'Unacknowledged alarms',
  title: 'Unacknowledged alarms',
  empty: 'No alarm is waiting to be acknowledged.',
  acknowledge: 'Acknowledge',
  acknowledgeAll: 'Acknowledge all',
  acknowledged: 'Acknowledged: {{count}}',
  skipped: 'Not acknowledged',
  skippedItem: '#{{id}} {{subject}}: {{reason}}',
  mute: 'Mute the alarm sound',
  unmute: 'Turn the alarm sound on',
  enableSound: 'Click to enable sound',
  openAlerts: 'Open the alerts',
  details: 'Details',
  severity: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  /** The server's fixed skip reasons (server/modules/alarms/recordActions.ts, mapped in skipReasons.ts); others are shown as sent. */
  reason: {
    alreadyProcessed: 'already processed',
    clearedBySystem: 'cleared by the system',
    alreadyAcknowledged: 'already acknowledged',
    noSuchAlarm: 'no such alarm',
    changedMeanwhile: 'changed by someone else meanwhile',
  },
};
