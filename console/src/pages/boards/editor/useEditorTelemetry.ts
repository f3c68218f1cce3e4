import { useEffect, useState } from 'react';
import { RealtimeClient } from '@shared/realtime/realtimeClient';
import { TelemetryStore } from '@boards/runtime/telemetryStore';
import { useStores } from '../../../stores/StoreContext';

/**
 * The live preview's data: one realtime connection with the session's token and a TelemetryStore over
 * it, for the editor's lifetime (both closed when the editor unmounts). Null until opened, or without a token.
 */
export function useEditorTelemetry(): TelemetryStore | null {
  const { session } = useStores();
  const [telemetry, setTelemetry] = useState<TelemetryStore | null>(null);
  useEffect(() => {
    const token = session.token;
    if (!token) return undefined;
    const holder: { store: TelemetryStore | null } = { store: null };
    const client = new RealtimeClient({
      token,
      onConnectionChange: (connected) => holder.store?.setConnected(connected),
      onReconnectAttempt: (attempt) => holder.store?.noteReconnectAttempt(attempt),
    });
    const store = new TelemetryStore({ source: client });
    holder.store = store;
    setTelemetry(store);
    return () => {
      store.dispose();
      client.close();
      setTelemetry(null);
    };
    // The token at opening is enough: a renewed one is only needed for a new connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
  return telemetry;
}
