import { createContext, useContext, type ReactNode } from 'react';
import type { Registry } from '../registry';
import type { AnyWidgetDescriptor, ChannelReader } from '../widgetDescriptor';

/** What the host needs beyond reading channels: is the socket up, and a shared coarse clock. */
export interface HostTelemetry extends ChannelReader {
  readonly connection: { readonly connected: boolean; readonly since: number };
  readonly clock: { readonly now: number };
}

export interface WidgetHostEnvironment {
  telemetry: HostTelemetry;
  registry: Pick<Registry<AnyWidgetDescriptor>, 'get'>;
  /** A renderer that threw is tried again after this long (30 s). */
  retryAfterMs?: number;
}

const HostContext = createContext<WidgetHostEnvironment | null>(null);

export function WidgetHostProvider({ environment, children }: { environment: WidgetHostEnvironment; children: ReactNode }) {
  return <HostContext.Provider value={environment}>{children}</HostContext.Provider>;
}

export function useHostEnvironment(): WidgetHostEnvironment {
  const environment = useContext(HostContext);
  if (!environment) throw new Error('WidgetHost needs a <WidgetHostProvider> above it');
  return environment;
}

/** Mounted widget hosts right now: the bench reads it (window.__kiosk.widgets) to see nothing piles up. */
let mounted = 0;
export const mountedWidgetCount = (): number => mounted;
export function noteWidgetMounted(): () => void {
  mounted += 1;
  return () => {
    mounted -= 1;
  };
}
