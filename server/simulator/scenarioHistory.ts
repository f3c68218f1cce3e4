import type { AlarmSeverity } from '@shared/schemas';
import { INTERVAL_MS, SILENCE_SWEEP_MS } from '../alarms/alarmSettings';
import type { AlarmSubject, PastAlarm } from '../alarms/alarmRecords';
import { DEMO_GLITCH_KWH, windowsBetween, type ScenarioTiming } from './demoScenario';

/** The threshold rule the compressor trips, as stored (absent when nobody seeded one). */
export interface CompressorRule {
  id: number;
  limit: number;
  durationS: number;
  severity: AlarmSeverity;
}

export interface HistoryCast {
  compressor: AlarmSubject;
  dropout: AlarmSubject;
  glitch: AlarmSubject;
  /** Largest plausible energy of a 15-minute step on the glitch meter (its rating, as the quarantine judges). */
  glitchLimitKwh: number;
  gateway: AlarmSubject;
  gatewayMeters: AlarmSubject[];
  /** Who processed the alarms that need a person (the admin). */
  operator: string;
}

const MINUTE = 60_000;
const format = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The alarms the scenario would have raised in [from, to), closed as a control room would have left
 * them: overloads and data errors acknowledged and processed by the operator, offline and trouble cleared when the data
 * came back. Same messages as the live engine writes. Only alarms wholly in the span are kept, so a
 * live event that is still going on is not also written as history.
 */
export function scenarioHistory(
  timing: ScenarioTiming,
  origin: number,
  span: { from: number; to: number },
  offlineIntervals: number,
  cast: HistoryCast,
  rule: CompressorRule | undefined,
): PastAlarm[] {
  const alarms: PastAlarm[] = [];
  const base = { ruleId: 0, metric: null, value: null, limit: null };

  if (rule) {
    for (const { start, end } of windowsBetween(timing.overload, origin, span.from, span.to)) {
      const at = start + rule.durationS * 1000;
      const value = Math.round(rule.limit * 1.12 * 100) / 100;
      alarms.push({
        kind: 'device',
        severity: rule.severity,
        subject: cast.compressor,
        ruleId: rule.id,
        metric: 'kw',
        value,
        limit: rule.limit,
        message: `kw ${format(value)} over ${format(rule.limit)} for ${rule.durationS} s`,
        at,
        endedAt: end,
        closed: { state: 3, by: cast.operator, acknowledgedAt: at + 2 * MINUTE, at: end + 20 * MINUTE, note: 'Air demand back to normal; compressor checked.' },
      });
    }
  }

  // The sweep notices a silence once it is older than the offline intervals, at its next minute.
  const noticed = (start: number) => start + offlineIntervals * INTERVAL_MS + SILENCE_SWEEP_MS;
  const minutes = Math.round((offlineIntervals * INTERVAL_MS) / MINUTE);
  const silence = (kind: 'offline' | 'trouble', subject: AlarmSubject, start: number, end: number): PastAlarm => ({
    kind,
    severity: kind === 'trouble' ? 'high' : 'medium',
    subject,
    ...base,
    message:
      kind === 'offline' ? `no data for ${minutes} min (${offlineIntervals} intervals)` : `gateway silent for ${minutes} min (${offlineIntervals} intervals)`,
    at: noticed(start),
    endedAt: end,
    closed: { state: 4 },
  });
  for (const { start, end } of windowsBetween(timing.dropout, origin, span.from, span.to)) alarms.push(silence('offline', cast.dropout, start, end));
  for (const { start, end } of windowsBetween(timing.gatewaySilence, origin, span.from, span.to)) {
    alarms.push(silence('trouble', cast.gateway, start, end));
    for (const meter of cast.gatewayMeters) alarms.push(silence('offline', meter, start, end));
  }

  for (const { start } of windowsBetween(timing.glitch, origin, span.from, span.to)) {
    const stepFrom = Math.floor(start / INTERVAL_MS) * INTERVAL_MS;
    const stepTo = stepFrom + INTERVAL_MS;
    alarms.push({
      kind: 'error',
      severity: 'high',
      subject: cast.glitch,
      ...base,
      metric: 'energy',
      value: DEMO_GLITCH_KWH,
      limit: cast.glitchLimitKwh,
      message: `implausible step of ${format(DEMO_GLITCH_KWH)} over the ${format(cast.glitchLimitKwh)} possible between ${new Date(stepFrom).toISOString()} and ${new Date(stepTo).toISOString()}, sent to quarantine`,
      at: stepTo,
      endedAt: null,
      closed: {
        state: 3,
        by: cast.operator,
        acknowledgedAt: stepTo + 12 * MINUTE,
        at: stepTo + 2 * 60 * MINUTE,
        note: 'Register digit jump, not consumption: step rejected.',
      },
    });
  }

  const last = (alarm: PastAlarm) => (alarm.closed.state === 3 ? alarm.closed.at : (alarm.endedAt ?? alarm.at));
  return alarms
    .filter((alarm) => alarm.at >= span.from && last(alarm) <= span.to && (alarm.endedAt === null || alarm.at < alarm.endedAt))
    .sort((a, b) => a.at - b.at);
}
