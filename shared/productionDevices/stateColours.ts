import type { SlotState } from './deviceStates';

/** One colour per state, the same on the device screen and the wall: running green, idle amber (the waste), off grey. */
export const STATE_COLOURS: Readonly<Record<SlotState, string>> = {
  running: '#2bb673',
  idle: '#f5a623',
  off: '#8c8c8c',
  noData: '#d9d9d9',
};

/** The order states are listed in. */
export const STATE_ORDER: readonly SlotState[] = ['running', 'idle', 'off', 'noData'];
