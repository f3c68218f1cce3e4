import { z } from 'zod';
import { isoDate, RULE_MESSAGES } from '../resources/rules';
import type { DeviceDayFigures, TimelineSegment } from './deviceStates';

/**
 * The analytics of production equipment beside the resource kit's CRUD at /api/production-devices
 * (server/modules/productionDevices). Days are local days in the server's TIME_ZONE.
 */
export const PRODUCTION_DEVICE_SCREEN = '/energy-efficiency-management/production-device';
/** The longest range of GET /api/production-devices/:id/days (a quarter year of bars). */
export const DEVICE_DAYS_MAX = 92;

export const deviceDayQuerySchema = z.object({ day: isoDate() });
export type DeviceDayQuery = z.infer<typeof deviceDayQuerySchema>;

export const deviceDaysQuerySchema = z.object({ from: isoDate(), to: isoDate() }).superRefine((value, context) => {
  if (value.to < value.from) context.addIssue({ code: 'custom', path: ['to'], message: RULE_MESSAGES.dateOrder });
});
export type DeviceDaysQuery = z.infer<typeof deviceDaysQuerySchema>;

export const deviceOverviewQuerySchema = z.object({ day: isoDate().optional() });

/** The device as the figures name it. */
export interface DeviceHead {
  id: number;
  code: string;
  name: string;
  lineId: number | null;
  lineName: string | null;
  ratedPowerKw: number;
  runThresholdKw: number;
  offThresholdKw: number;
  meterIds: number[];
}

/** One local day of one device. */
export interface DeviceDaySummary extends DeviceDayFigures {
  day: string;
  /** The line's standard output that day (Σ quantity × product coefficient); null without a line or without records. */
  standardOutput: number | null;
  /** The day's energy over the line's standard output (kWh per standard unit); null when there is none. */
  energyPerUnit: number | null;
}

/** GET /api/production-devices/:id/day?day= */
export interface DeviceDayAnswer extends DeviceDaySummary {
  device: DeviceHead;
  /** The local day's window [dayStart, dayEnd) in epoch ms (23 or 25 hours on a clock-change day). */
  dayStart: number;
  dayEnd: number;
  /** The day's quarters that have ended, joined by state (today: up to the last whole quarter hour). */
  timeline: TimelineSegment[];
}

/** GET /api/production-devices/:id/days?from&to — every day of the range, oldest first. */
export interface DeviceDaysAnswer {
  device: DeviceHead;
  days: DeviceDaySummary[];
}

/** GET /api/production-devices/overview?day= (default today) and the idle-energy wall channel. */
export interface DeviceOverview {
  day: string;
  computedAt: number;
  devices: (DeviceDaySummary & { id: number; code: string; name: string; lineName: string | null })[];
  totals: { energy: number; idleEnergy: number; runningHours: number; idleHours: number };
}
