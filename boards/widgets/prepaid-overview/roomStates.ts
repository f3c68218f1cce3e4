import type { RoomState } from '@shared/prepaid/constants';

/** The order a wall lists room states in: from fine to needing someone, then the overrides. */
export const WALL_STATE_ORDER: readonly RoomState[] = ['normal', 'alarm1', 'alarm2', 'arrears', 'cut', 'keepSupply', 'noData'];

/** One colour per room state, the same on both prepaid widgets (alarm colours as the alarm widgets use them). */
export const ROOM_STATE_COLOURS: Readonly<Record<RoomState, string>> = {
  normal: '#2bb673',
  alarm1: '#f5c523',
  alarm2: '#f59a23',
  arrears: '#e8453c',
  cut: '#a61d4c',
  keepSupply: '#4a90e2',
  noData: '#8c8c8c',
};

export interface StateShare {
  state: RoomState;
  count: number;
  colour: string;
  /** 0–1 of all rooms */
  share: number;
}

/** The states in wall order with their share of the rooms (the bar's widths); empty ones left out when asked. */
export function stateShares(states: Readonly<Record<RoomState, number>>, hideEmpty: boolean): StateShare[] {
  const total = WALL_STATE_ORDER.reduce((sum, state) => sum + (states[state] ?? 0), 0);
  return WALL_STATE_ORDER.map((state) => ({
    state,
    count: states[state] ?? 0,
    colour: ROOM_STATE_COLOURS[state],
    share: total > 0 ? (states[state] ?? 0) / total : 0,
  })).filter((line) => !hideEmpty || line.count > 0);
}
