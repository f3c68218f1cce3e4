import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createDisplaysApi, type DisplaysApi } from '@shared/api/displaysApi';
import { useStores } from '../../stores/StoreContext';

const InjectedApi = createContext<DisplaysApi | null>(null);

/** Lets a test hand the board screens a fake DisplaysApi; the console itself never renders this. */
export function DisplaysApiProvider({ api, children }: { api: DisplaysApi; children: ReactNode }) {
  return <InjectedApi.Provider value={api}>{children}</InjectedApi.Provider>;
}

/** The boards client over the console's axios instance (its errors become the api toast), unless one was injected. */
export function useDisplaysApi(): DisplaysApi {
  const injected = useContext(InjectedApi);
  const root = useStores();
  return useMemo(() => injected ?? createDisplaysApi(root.http), [injected, root.http]);
}
