import { withThousands } from '@shared/format';
import { moneyText } from '../band-cost/bandFormat';
import type { ShiftEnergyData } from './channel';

export interface ShiftBar {
  key: string;
  shiftName: string;
  teamName: string | null;
  /** MM-DD of the production day. */
  dayText: string;
  energyText: string;
  costText: string | null;
  /** 0–1 of the tallest bar. */
  height: number;
  current: boolean;
  estimated: boolean;
}

/**
 * The bars of a shift-energy tile, oldest first and the current shift last; heights against the largest of
 * them (the current shift's energy so far included). The average of the finished shifts is the reference line.
 */
export function shiftBars(data: ShiftEnergyData, digits: number): { bars: ShiftBar[]; average: number | null; averageHeight: number | null } {
  const lines = [...data.previous.map((line) => ({ line, current: false })), ...(data.current ? [{ line: data.current, current: true }] : [])];
  const average = data.previous.length > 0 ? data.previous.reduce((sum, line) => sum + line.energy, 0) / data.previous.length : null;
  const top = Math.max(0, average ?? 0, ...lines.map(({ line }) => line.energy));
  const bars = lines.map(({ line, current }) => ({
    key: `${line.day}:${line.shiftId}`,
    shiftName: line.shiftName,
    teamName: line.teamName,
    dayText: line.day.slice(5),
    energyText: withThousands(line.energy, digits),
    costText: line.costMinor === null ? null : moneyText(line.costMinor, data.currency),
    height: top > 0 ? Math.max(0, line.energy) / top : 0,
    current,
    estimated: line.estimated > 0,
  }));
  return { bars, average, averageHeight: average !== null && top > 0 ? average / top : null };
}
