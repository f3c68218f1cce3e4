import type { HostTelemetry } from '@boards/host/hostContext';

/** Telemetry with no connection (before the socket opens, or without a session): widgets show "no data". */
export function offlineTelemetry(now = Date.now()): HostTelemetry {
  return {
    read: () => undefined,
    watch: () => () => undefined,
    connection: { connected: false, since: now },
    clock: { now },
  };
}
