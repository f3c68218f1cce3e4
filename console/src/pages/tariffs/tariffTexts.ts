import type { ButtonGate } from '../../lists/Gate';

/** The screen's menu full path: its `/add|edit|delete` buttons gate every write (shared/menu/buttons.ts). */
export const TARIFFS_MENU = '/devices/peakvalley';
export const TARIFFS_GATE: ButtonGate = { menu: TARIFFS_MENU };
