/** How often a pending reload asks the server whether it is answering. */
export const RELOAD_HEALTH_RETRY_MS = 5000;

export interface PlannedReloadOptions {
  /** GET /api/health; resolves when the server answers OK. */
  health: () => Promise<{ status: string }>;
  reload: () => void;
  retryMs?: number;
  onPlanned?: (reason: string) => void;
}

/**
 * A reload the wall decides on its own (new server version, watchdog, console "reload"): it happens only
 * once GET /api/health answers OK, so an unattended wall never reloads into an error page.
 */
export class PlannedReload {
  reason: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly options: PlannedReloadOptions) {}

  request(reason: string): void {
    if (this.reason !== null || this.disposed) return;
    this.reason = reason;
    this.options.onPlanned?.(reason);
    void this.attempt();
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    try {
      const health = await this.options.health();
      if (this.disposed) return;
      if (health.status === 'ok') {
        this.options.reload();
        return;
      }
    } catch {
      // The server is not answering yet: keep showing the last data and ask again.
    }
    if (!this.disposed) this.timer = setTimeout(() => void this.attempt(), this.options.retryMs ?? RELOAD_HEALTH_RETRY_MS);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
  }
}
