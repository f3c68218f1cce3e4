import screenfull from 'screenfull';

/** Idle time after which the cursor disappears from the wall. */
export const CURSOR_IDLE_MS = 3000;

/** Full screen on the first click or key press (browsers only allow it after a gesture; --kiosk walls already are). */
export function enterFullScreenOnGesture(target: Window = window): () => void {
  const request = () => {
    if (screenfull.isEnabled && !screenfull.isFullscreen) screenfull.request().catch(() => undefined);
  };
  target.addEventListener('click', request);
  target.addEventListener('keydown', request);
  return () => {
    target.removeEventListener('click', request);
    target.removeEventListener('keydown', request);
  };
}

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/** Keeps the screen on (where the browser has navigator.wakeLock); the lock drops when the page hides, so it is taken again on return. */
export function keepScreenAwake(doc: Document = document, nav: Navigator = navigator): () => void {
  const wakeLock = (nav as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
  if (!wakeLock) return () => undefined;
  let sentinel: WakeLockSentinelLike | null = null;
  let stopped = false;
  const acquire = () => {
    if (stopped || doc.visibilityState !== 'visible') return;
    wakeLock.request('screen').then(
      (lock) => {
        if (stopped) void lock.release().catch(() => undefined);
        else sentinel = lock;
      },
      () => undefined,
    );
  };
  const onVisibility = () => acquire();
  acquire();
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    doc.removeEventListener('visibilitychange', onVisibility);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/** Hides the cursor after CURSOR_IDLE_MS without movement; any movement shows it again. */
export function hideIdleCursor(element: HTMLElement = document.documentElement, idleMs = CURSOR_IDLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const hide = () => {
    element.style.cursor = 'none';
  };
  const onMove = () => {
    element.style.cursor = '';
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(hide, idleMs);
  };
  timer = setTimeout(hide, idleMs);
  window.addEventListener('mousemove', onMove, { passive: true });
  return () => {
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('mousemove', onMove);
    element.style.cursor = '';
  };
}
