import type { TFunction } from 'i18next';
import { formatQuantity } from '@shared/format';
import type { AlarmRecord } from '@shared/schemas/alarms';
import { metricLabel } from '../../meterData/meterMetrics';
import { ruleMetricUnit } from '../rules/ruleMetrics';

/** The server's skip reasons (server/modules/alarms/recordActions.ts) and their catalogue keys. */
const SKIP_REASONS: Record<string, string> = {
  'already processed': 'alreadyProcessed',
  'cleared by the system': 'clearedBySystem',
  'already acknowledged': 'alreadyAcknowledged',
  'no such alarm': 'noSuchAlarm',
  'changed by someone else meanwhile': 'changedMeanwhile',
};

/** A skip reason in the reader's language; one the catalogue does not know is shown as the server sent it. */
export function skipReasonText(t: TFunction, reason: string): string {
  const key = SKIP_REASONS[reason];
  return key ? t(`alarms.skipReason.${key}`) : reason;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span as people say it: the two largest units ("2 d 3 h", "4 min 10 s"); under a second "< 1 s". */
export function humanDuration(t: TFunction, ms: number): string {
  if (ms < SECOND) return t('alarms.duration.underSecond');
  const parts: [number, string][] = [
    [Math.floor(ms / DAY), 'd'],
    [Math.floor((ms % DAY) / HOUR), 'h'],
    [Math.floor((ms % HOUR) / MINUTE), 'min'],
    [Math.floor((ms % MINUTE) / SECOND), 's'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  return parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => t(`alarms.duration.${unit}`, { n: count }))
    .join(' ');
}

/**
 * A threshold alarm worded in the reader's language from its figures ("Active power 612.5 kW, above the
 * limit of 500 kW"); other alarms keep the server's plain-text message.
 */
export function recordMessage(t: TFunction, record: AlarmRecord): string {
  if (record.kind !== 'device' || record.metric === null || record.value === null || record.limit === null) return record.message;
  const unit = ruleMetricUnit(record.metric);
  return t(record.value >= record.limit ? 'alarms.message.over' : 'alarms.message.under', {
    metric: metricLabel(t, record.metric),
    value: formatQuantity(record.value, unit),
    limit: formatQuantity(record.limit, unit),
  });
}
