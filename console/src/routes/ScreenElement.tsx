import { ModuleComingPage } from '../pages/placeholder/ModuleComingPage';
import type { ScreenRoute } from './screenRoutes';
import { SCREENS } from './screenTable';

/** A menu entry's screen from the table in screenTable.ts, else the "coming later" placeholder. */
export function ScreenElement({ screen }: { screen: ScreenRoute }) {
  const Screen = SCREENS[screen.path]?.component;
  return Screen ? <Screen /> : <ModuleComingPage titleKey={screen.title} />;
}
