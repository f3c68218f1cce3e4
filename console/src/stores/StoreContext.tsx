import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from '@shared/stores/rootStore';

const StoreContext = createContext<RootStore | null>(null);

/** Hands the one root store to every screen; tests pass their own (with a fake adapter). */
export function StoreProvider({ rootStore, children }: { rootStore: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>;
}

export function useStores(): RootStore {
  const rootStore = useContext(StoreContext);
  if (!rootStore) throw new Error('useStores() needs a <StoreProvider> above it');
  return rootStore;
}
