import { formatCii } from '@shared/ships/display';
import type { CiiLetter, FleetCiiData } from '@shared/ships/api';

export interface FleetRow {
  shipId: number;
  name: string;
  letter: CiiLetter | null;
  attainedText: string;
  requiredText: string;
  /** attained / required as a whole percent, or null without an attained CII. */
  percent: number | null;
  /** 0–1: where attained sits on a track from 0 to 1.5 × required (the required mark at 2/3). */
  position: number | null;
  previous: { year: number; letter: CiiLetter | null }[];
}

/** Ratio shown as full on the track: past 1.5 × required a ship is deep in D or E anyway. */
export const TRACK_MAX_RATIO = 1.5;

/** The rows of a fleet-cii tile: the first `limit` ships in the API's order (by name), figures rounded for display only. */
export function fleetRows(data: FleetCiiData, limit: number, digits: number): FleetRow[] {
  return data.ships.slice(0, limit).map((ship) => {
    const ratio = ship.attained === null || ship.required <= 0 ? null : ship.attained / ship.required;
    return {
      shipId: ship.shipId,
      name: ship.name,
      letter: ship.letter,
      attainedText: formatCii(ship.attained, digits),
      requiredText: formatCii(ship.required, digits),
      percent: ratio === null ? null : Math.round(ratio * 100),
      position: ratio === null ? null : Math.min(1, ratio / TRACK_MAX_RATIO),
      previous: ship.previous,
    };
  });
}
