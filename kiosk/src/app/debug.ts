import { mountedWidgetCount } from '@boards/host/hostContext';
import type { KioskApp } from './kioskApp';

/** Read-only figures for the bench and the browser tests (window.__kiosk). */
export interface KioskDebug {
  widgets(): number;
  channels(): number;
  revision(): number;
  connected(): boolean;
}

export function kioskDebug(app: KioskApp): KioskDebug {
  return Object.freeze({
    widgets: () => mountedWidgetCount(),
    channels: () => app.telemetry?.channelCount ?? 0,
    revision: () => app.shownRevision,
    connected: () => app.telemetry?.connection.connected ?? false,
  });
}

export function exposeDebug(app: KioskApp): void {
  Object.defineProperty(window, '__kiosk', { value: kioskDebug(app), configurable: true, enumerable: false, writable: false });
}
