/**
 * `shifts:energy:<departmentId|top>:<previous>`: the shift under way in a department (energy so far) and the
 * `previous` shifts before it, from the department's rota and its 15-minute energy (server/shifts). `top`:
 * the caller's first department that has a rota. Served by server/modules/wallTariff every minute.
 */
export interface ShiftEnergyQuery {
  departmentId: number | null;
  previous: number;
}

export interface ShiftEnergyLine {
  /** The production day the shift belongs to (a night shift: the day it starts). */
  day: string;
  shiftId: number;
  shiftName: string;
  teamName: string | null;
  energy: number;
  estimated: number;
  costMinor: number | null;
}

export interface ShiftEnergyData {
  computedAt: number;
  departmentId: number | null;
  departmentName: string;
  unit: string;
  currency: string | null;
  /** The shift under way (energy so far) with how much of it has passed (0–1); null between shifts or without a rota. */
  current: (ShiftEnergyLine & { elapsed: number }) | null;
  /** Finished shifts, oldest first, at most `previous`. */
  previous: ShiftEnergyLine[];
}

export function shiftEnergyChannel(query: ShiftEnergyQuery): string {
  return `shifts:energy:${query.departmentId ?? 'top'}:${query.previous}`;
}

export function parseShiftEnergyChannel(channel: string): ShiftEnergyQuery | null {
  const parts = channel.split(':');
  if (parts.length !== 4 || parts[0] !== 'shifts' || parts[1] !== 'energy') return null;
  const [, , idText = '', previousText = ''] = parts;
  const departmentId = idText === 'top' ? null : /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : undefined;
  const previous = /^[1-9]\d?$/.test(previousText) ? Number(previousText) : 0;
  if (departmentId === undefined || previous < 1 || previous > 12) return null;
  return { departmentId, previous };
}
