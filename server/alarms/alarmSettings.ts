import { DEFAULT_OFFLINE_INTERVALS } from '@shared/schemas';

export const INTERVAL_MS = 15 * 60_000;
/** The silence sweep runs this often. */
export const SILENCE_SWEEP_MS = 60_000;

/** ALARM_OFFLINE_INTERVALS: silent 15-minute intervals before a meter is offline (a gateway in trouble). */
export function offlineIntervalsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.ALARM_OFFLINE_INTERVALS;
  if (text === undefined || text.trim() === '') return DEFAULT_OFFLINE_INTERVALS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 96 * 7)
    throw new Error(`ALARM_OFFLINE_INTERVALS must be a whole number of 15-minute intervals from 1 to 672, got "${text}"`);
  return value;
}
