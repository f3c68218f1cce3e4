import { observer } from 'mobx-react-lite';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { WidgetHostProvider, type WidgetHostEnvironment } from '@boards/host/hostContext';
import { ChannelReaderProvider } from '@boards/runtime/channelReader';
import { widgetRegistry } from '@boards/widgets';
import { useKioskApp } from './app/appContext';
import { BoardScreen } from './board/BoardScreen';
import { PlaylistScreen, UserPlaylist } from './playlist/PlaylistScreen';
import { ConnectionBanner } from './screens/ConnectionBanner';
import { MessageScreen } from './screens/MessageScreen';
import { RevokedScreen } from './screens/RevokedScreen';
import { SignInScreen } from './screens/SignInScreen';

const VisualizationPage = lazy(() => import('./visualization/VisualizationPage'));

const positiveId = (text: string | undefined): number | null => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

function NothingHere() {
  const { t } = useTranslation();
  return <MessageScreen title={t('app.kioskTitle')} note={t('kiosk.notFound')} testId="nothing-here" />;
}

/**
 * Pages that need a session: the sign-in, revoked and "connecting" screens until there is one, then
 * the telemetry store as the widgets' channel reader and the connection banner above the page.
 */
const Live = observer(function Live({ children, registry }: { children: ReactNode; registry: WidgetRegistry }) {
  const app = useKioskApp();
  const { t } = useTranslation();
  const location = useLocation();
  if (app.phase === 'revoked') return <RevokedScreen />;
  if (app.phase === 'signin') return <SignInScreen path={`${location.pathname}${location.search}`} />;
  if (app.phase === 'unreachable') return <MessageScreen title={t('kioskRuntime.connecting')} testId="kiosk-connecting" />;
  const telemetry = app.telemetry;
  if (app.phase !== 'ready' || !telemetry) return <MessageScreen title={t('kioskRuntime.loading')} testId="kiosk-starting" />;
  return (
    <WidgetHostProvider environment={{ telemetry, registry }}>
      <ChannelReaderProvider reader={telemetry}>
        {children}
        <ConnectionBanner telemetry={telemetry} />
      </ChannelReaderProvider>
    </WidgetHostProvider>
  );
});

const DashBoard = observer(function DashBoard() {
  const app = useKioskApp();
  const { t } = useTranslation();
  const requested = positiveId(useParams().id);
  if (requested === null) return <NothingHere />;
  const boardId = app.boardFor(requested);
  if (boardId === null) return <MessageScreen title={t('kioskRuntime.board.noBoards')} testId="board-missing" />;
  return <BoardScreen key={boardId} boardId={boardId} />;
});

const DashPlaylist = observer(function DashPlaylist() {
  const app = useKioskApp();
  const { t } = useTranslation();
  const requested = positiveId(useParams().id);
  const session = app.session;
  if (requested === null) return <NothingHere />;
  if (session?.kind !== 'display') return <UserPlaylist playlistId={requested} />;
  // A display rotates its own playlist; the console's pin shows one board instead while it lasts.
  if (app.override !== null) return <BoardScreen key={app.override} boardId={app.override} />;
  if (session.playlist) return <PlaylistScreen playlist={session.playlist} />;
  const first = session.boardIds[0];
  if (first === undefined) return <MessageScreen title={t('kioskRuntime.board.noBoards')} testId="board-missing" />;
  return <BoardScreen key={first} boardId={first} />;
});

function Visualization() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<MessageScreen title={t('kioskRuntime.loading')} testId="kiosk-starting" />}>
      <VisualizationPage />
    </Suspense>
  );
}

type WidgetRegistry = WidgetHostEnvironment['registry'];

/** The kiosk's addresses (spec §2): a board, a playlist, the 3D view; anything else shows "nothing here". */
export function KioskRoutes({ registry = widgetRegistry }: { registry?: WidgetRegistry }) {
  return (
    <Routes>
      <Route
        path="/dash/playlist/:id"
        element={
          <Live registry={registry}>
            <DashPlaylist />
          </Live>
        }
      />
      <Route
        path="/dash/:id"
        element={
          <Live registry={registry}>
            <DashBoard />
          </Live>
        }
      />
      <Route
        path="/visualization"
        element={
          <Live registry={registry}>
            <Visualization />
          </Live>
        }
      />
      <Route path="*" element={<NothingHere />} />
    </Routes>
  );
}
