import { STATE_COLOURS, STATE_ORDER } from '@shared/productionDevices/stateColours';
import type { SlotState } from '@shared/productionDevices/deviceStates';
import type { IdleEnergyData } from './channel';

export interface IdleRow {
  id: number;
  name: string;
  idleEnergy: number;
  idleHours: number;
  /** The day so far by state, as shares (0–1) of the hours counted, in STATE_ORDER; empty states left out. */
  shares: { state: SlotState; share: number; colour: string }[];
}

/** The devices most idle energy first (then by code), at most `limit`. */
export function idleRows(data: IdleEnergyData, limit: number): IdleRow[] {
  return [...data.devices]
    .sort((x, y) => y.energy.idle - x.energy.idle || x.code.localeCompare(y.code))
    .slice(0, limit)
    .map((device) => {
      const counted = STATE_ORDER.reduce((sum, state) => sum + device.hours[state], 0);
      return {
        id: device.id,
        name: device.name,
        idleEnergy: device.energy.idle,
        idleHours: device.hours.idle,
        shares: STATE_ORDER.filter((state) => device.hours[state] > 0).map((state) => ({
          state,
          share: counted > 0 ? device.hours[state] / counted : 0,
          colour: STATE_COLOURS[state],
        })),
      };
    });
}

export const kwhText = (value: number, digits: number): string =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
