import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlantView } from '@boards/scene/PlantView';
import { wallScale } from './wallScale';

const NO_DEPARTMENTS: readonly number[] = [];
const DEFAULT_LAP_SECONDS = 240;

/** `?tour=off` keeps the camera still; `?lap=<seconds>` (30…3600) sets the tour's pace. */
function tourSettings(search: string): { tour: boolean; lapSeconds: number } {
  const params = new URLSearchParams(search);
  const lap = Number(params.get('lap'));
  return { tour: params.get('tour') !== 'off', lapSeconds: Number.isInteger(lap) && lap >= 30 && lap <= 3600 ? lap : DEFAULT_LAP_SECONDS };
}

/**
 * /visualization: the plant scene full-screen with its title bar, alarm panel and legend. The kiosk
 * runtime lazy-loads this module (three.js comes with it) inside its providers (i18n, channel reader).
 */
export default function VisualizationPage() {
  const { t } = useTranslation();
  const title = t('visualization.title');
  const [scale, setScale] = useState(() => wallScale(window.innerWidth, window.innerHeight));
  const [{ tour, lapSeconds }] = useState(() => tourSettings(window.location.search));

  useEffect(() => {
    document.title = `${title} - ${t('app.kioskTitle')}`;
  }, [title, t]);

  useEffect(() => {
    const resize = () => setScale(wallScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);

  return (
    <main style={{ position: 'fixed', inset: 0 }} data-testid="visualization-page">
      <PlantView title={title} tour={tour} lapSeconds={lapSeconds} showLabels departmentIds={NO_DEPARTMENTS} scale={scale} />
    </main>
  );
}
