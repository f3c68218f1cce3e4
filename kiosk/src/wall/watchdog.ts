/** The heap may use at most this share of its limit … */
export const HEAP_LIMIT_SHARE = 0.8;
/** … and never more than 1.5 GB, whatever the limit. */
export const HEAP_MAX_BYTES = 1.5 * 1024 ** 3;
/** A visible page whose animation frames stopped this long has a stuck render loop. */
export const STALLED_FRAME_MS = 30_000;
export const WATCHDOG_CHECK_MS = 5000;

export interface HeapSample {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

export interface WatchdogOptions {
  /** performance.memory where the browser has it (Chromium), else null. */
  heap: () => HeapSample | null;
  visible: () => boolean;
  requestFrame: (callback: () => void) => void;
  now: () => number;
  onTrip: (reason: 'memory' | 'stalled-render') => void;
  checkMs?: number;
}

export function heapTooLarge(sample: HeapSample | null): boolean {
  if (!sample) return false;
  return sample.usedJSHeapSize > HEAP_LIMIT_SHARE * sample.jsHeapSizeLimit || sample.usedJSHeapSize > HEAP_MAX_BYTES;
}

/**
 * Memory and render-loop watchdog. It asks for one animation frame per check (not a frame loop, which
 * would keep the compositor busy) and trips when a visible page got none for STALLED_FRAME_MS.
 */
export class Watchdog {
  private lastFrameAt: number;
  private probing = false;
  private wasVisible: boolean;
  private readonly timer: ReturnType<typeof setInterval>;
  private tripped = false;

  constructor(private readonly options: WatchdogOptions) {
    this.lastFrameAt = options.now();
    this.wasVisible = options.visible();
    this.timer = setInterval(() => this.check(), options.checkMs ?? WATCHDOG_CHECK_MS);
  }

  check(): void {
    if (this.tripped) return;
    const { options } = this;
    const visible = options.visible();
    const now = options.now();
    // Hidden pages get no frames by design: the clock restarts when the page shows again.
    if (!visible || !this.wasVisible) this.lastFrameAt = now;
    this.wasVisible = visible;
    if (heapTooLarge(options.heap())) return this.trip('memory');
    if (visible && now - this.lastFrameAt > STALLED_FRAME_MS) return this.trip('stalled-render');
    if (visible && !this.probing) {
      this.probing = true;
      options.requestFrame(() => {
        this.probing = false;
        this.lastFrameAt = options.now();
      });
    }
  }

  private trip(reason: 'memory' | 'stalled-render'): void {
    this.tripped = true;
    this.options.onTrip(reason);
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
