import type { KioskApp } from '../app/kioskApp';
import { Watchdog, type HeapSample } from './watchdog';
import { enterFullScreenOnGesture, hideIdleCursor, keepScreenAwake } from './wallBehaviour';

/** The unattended-wall behaviours, for the life of the page: full screen, wake lock, no cursor, watchdog. */
export function startWall(app: KioskApp): () => void {
  const watchdog = new Watchdog({
    heap: () => (performance as Performance & { memory?: HeapSample }).memory ?? null,
    visible: () => document.visibilityState === 'visible',
    requestFrame: (callback) => requestAnimationFrame(() => callback()),
    now: () => performance.now(),
    onTrip: (reason) => app.plannedReload.request(reason),
  });
  const stops = [enterFullScreenOnGesture(), keepScreenAwake(), hideIdleCursor(), () => watchdog.dispose()];
  return () => {
    for (const stop of stops) stop();
  };
}
