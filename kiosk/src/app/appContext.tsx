import { createContext, useContext, type ReactNode } from 'react';
import type { KioskApp } from './kioskApp';

const AppContext = createContext<KioskApp | null>(null);

export function KioskAppProvider({ app, children }: { app: KioskApp; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useKioskApp(): KioskApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('Kiosk pages need a <KioskAppProvider> above them');
  return app;
}
