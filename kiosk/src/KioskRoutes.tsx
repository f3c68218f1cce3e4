import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router-dom';
import { KioskScreen } from './KioskScreen';

function BoardScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <KioskScreen title={t('kiosk.board', { id })} note={t('kiosk.placeholder')} />;
}

function VisualizationScreen() {
  const { t } = useTranslation();
  return <KioskScreen title={t('kiosk.visualization')} note={t('kiosk.placeholder')} />;
}

function UnknownScreen() {
  const { t } = useTranslation();
  return <KioskScreen title={t('app.kioskTitle')} note={t('kiosk.notFound')} />;
}

/** The kiosk's addresses (spec §2): a full-screen board and the visualization view. */
export function KioskRoutes() {
  return (
    <Routes>
      <Route path="/dash/:id" element={<BoardScreen />} />
      <Route path="/visualization" element={<VisualizationScreen />} />
      <Route path="*" element={<UnknownScreen />} />
    </Routes>
  );
}
