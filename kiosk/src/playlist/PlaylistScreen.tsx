import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Playlist } from '@shared/schemas/boards';
import { useKioskApp } from '../app/appContext';
import { BoardScreen } from '../board/BoardScreen';
import { MessageScreen } from '../screens/MessageScreen';
import { PlaylistRunner } from './playlistRunner';

/** A playlist on the wall: one board at a time, swapped in place at each entry's seconds. */
export const PlaylistScreen = observer(function PlaylistScreen({ playlist }: { playlist: Playlist }) {
  const app = useKioskApp();
  const { t } = useTranslation();
  const [runner, setRunner] = useState<PlaylistRunner | null>(null);

  useEffect(() => {
    const created = new PlaylistRunner(playlist, (boardId) => app.api.board(boardId)).start();
    setRunner(created);
    app.showingPlaylist(playlist.id);
    return () => {
      created.dispose();
      app.showingPlaylist(null);
    };
  }, [app, playlist]);

  const slide = runner?.current;
  if (runner?.allFailed && !slide) return <MessageScreen title={t('kioskRuntime.playlist.allFailed')} testId="playlist-failed" />;
  if (!slide) return <MessageScreen title={t('kioskRuntime.loading')} testId="board-loading" />;
  return (
    <div data-testid="playlist" data-playlist-id={playlist.id} data-entry={slide.index}>
      <BoardScreen key={slide.boardId} boardId={slide.boardId} initial={slide.record} />
    </div>
  );
});

/** A signed-in user's playlist by id (a display uses the one its session carries). */
export function UserPlaylist({ playlistId }: { playlistId: number }) {
  const app = useKioskApp();
  const { t } = useTranslation();
  const [playlist, setPlaylist] = useState<Playlist | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () => {
      app.api.playlist(playlistId).then(
        (loaded) => {
          if (active) setPlaylist(loaded);
        },
        () => {
          if (!active) return;
          setFailed(true);
          timer = setTimeout(load, 10_000);
        },
      );
    };
    load();
    return () => {
      active = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [app, playlistId]);

  if (playlist) return <PlaylistScreen playlist={playlist} />;
  return <MessageScreen title={t(failed ? 'kioskRuntime.playlist.failed' : 'kioskRuntime.loading')} testId={failed ? 'playlist-failed' : 'board-loading'} />;
}
