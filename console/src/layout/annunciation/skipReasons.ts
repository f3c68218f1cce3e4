/** The server's fixed skip reasons (server/modules/alarms/recordActions.ts) → catalogue keys; any other reason is shown as sent. */
const SKIP_REASON_KEYS: Readonly<Record<string, string>> = {
  'already processed': 'annunciation.reason.alreadyProcessed',
  'cleared by the system': 'annunciation.reason.clearedBySystem',
  'already acknowledged': 'annunciation.reason.alreadyAcknowledged',
  'no such alarm': 'annunciation.reason.noSuchAlarm',
  'changed by someone else meanwhile': 'annunciation.reason.changedMeanwhile',
};

export const skipReasonText = (reason: string, t: (key: string) => string): string => {
  const key = SKIP_REASON_KEYS[reason];
  return key ? t(key) : reason;
};
