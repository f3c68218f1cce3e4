import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createBoardScreensApi, type BoardScreensApi } from '@shared/api/boardScreensApi';
import { useStores } from '../../stores/StoreContext';

const InjectedApi = createContext<BoardScreensApi | null>(null);

/** Lets a test hand the board screens a fake BoardScreensApi; the console itself never renders this. */
export function DisplaysApiProvider({ api, children }: { api: BoardScreensApi; children: ReactNode }) {
  return <InjectedApi.Provider value={api}>{children}</InjectedApi.Provider>;
}

/** The boards client over the console's axios instance (its errors become the api toast), unless one was injected. */
export function useDisplaysApi(): BoardScreensApi {
  const injected = useContext(InjectedApi);
  const root = useStores();
  return useMemo(() => injected ?? createBoardScreensApi(root.http), [injected, root.http]);
}
