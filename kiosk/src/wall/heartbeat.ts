import { KIOSK_HEARTBEAT_MS, type KioskHeartbeat, type KioskHeartbeatAck } from '@shared/schemas/boards';

export interface HeartbeatOptions {
  send: (beat: KioskHeartbeat) => Promise<KioskHeartbeatAck>;
  collect: () => KioskHeartbeat;
  onAck: (ack: KioskHeartbeatAck) => void;
  everyMs?: number;
}

/** POST /api/kiosk/heartbeat at once and every KIOSK_HEARTBEAT_MS; a failed beat is simply the next one's job. */
export function startHeartbeat(options: HeartbeatOptions): () => void {
  let stopped = false;
  const beat = () => {
    options.send(options.collect()).then(
      (ack) => {
        if (!stopped) options.onAck(ack);
      },
      () => undefined,
    );
  };
  beat();
  const timer = setInterval(beat, options.everyMs ?? KIOSK_HEARTBEAT_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** The browser's view of itself for the display list: device pixels, heap, uptime. */
export function screenFacts(startedAt: number, now: number): Pick<KioskHeartbeat, 'width' | 'height' | 'heapMb' | 'uptimeSeconds'> {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round((window.screen?.width || window.innerWidth || 1) * ratio));
  const height = Math.max(1, Math.round((window.screen?.height || window.innerHeight || 1) * ratio));
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return {
    width,
    height,
    heapMb: memory ? Math.round((memory.usedJSHeapSize / 1024 ** 2) * 10) / 10 : null,
    uptimeSeconds: Math.max(0, Math.floor((now - startedAt) / 1000)),
  };
}
