import type { Catalogue } from './catalogue';

/**
 * The namespaces a wall uses: the kiosk's pages, the widgets, the 3D view, alarm words and error texts.
 * The console's catalogue is many times larger; a wall loads only this, and only in its own language.
 * A leaf: the per-language files (kiosk/*.ts) type themselves with it and the loader imports them.
 */
export const KIOSK_NAMESPACES = [
  'app',
  'kiosk',
  'kioskRuntime',
  'chartWidgets',
  'liveWidgets',
  'tariffWidgets',
  'prepaidWidgets',
  'reportWidgets',
  // The idle-energy widget's texts live with the device screen's (productionDevices.widget).
  'productionDevices',
  'lineSecWidget',
  // The fleet-cii widget's texts live with the ships screen's (ships.widget).
  'ships',
  'visualization',
  'alarms',
  'errors',
] as const;
export type KioskCatalogue = Pick<Catalogue, (typeof KIOSK_NAMESPACES)[number]>;
