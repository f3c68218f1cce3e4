import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardRecord } from '@shared/schemas/boards';
import { useKioskApp } from '../app/appContext';
import { MessageScreen } from '../screens/MessageScreen';
import { BoardCanvas } from './BoardCanvas';
import { BoardStore } from './boardStore';

interface BoardScreenProps {
  boardId: number;
  /** A record already fetched (the playlist prefetches the next board). */
  initial?: BoardRecord;
}

/** One board by id: loads it, follows its revisions, and tells the app what is on screen. */
export const BoardScreen = observer(function BoardScreen({ boardId, initial }: BoardScreenProps) {
  const app = useKioskApp();
  const { t } = useTranslation();
  const [store, setStore] = useState<BoardStore | null>(null);
  const telemetry = app.telemetry;

  useEffect(() => {
    if (!telemetry) return undefined;
    const created = new BoardStore(boardId, app.api, telemetry, initial).start();
    setStore(created);
    const stopReporting = reaction(
      () => created.revision,
      (revision) => app.showing(boardId, revision),
      { fireImmediately: true },
    );
    return () => {
      stopReporting();
      created.dispose();
      app.showing(null, 0);
    };
  }, [app, telemetry, boardId, initial]);

  useEffect(() => {
    if (store?.document) document.title = `${store.document.meta.name} - ${t('app.kioskTitle')}`;
  }, [store?.document, t]);

  if (!store || store.boardId !== boardId || store.status === 'loading') return <MessageScreen title={t('kioskRuntime.loading')} testId="board-loading" />;
  if (store.status === 'not-found') return <MessageScreen title={t('kioskRuntime.board.notFound', { id: boardId })} testId="board-missing" />;
  if (store.status === 'not-shared') {
    const ask = store.notShared?.askUser;
    const note = ask ? t('kioskRuntime.board.askUser', { name: ask.name, username: ask.username }) : t('kioskRuntime.board.askAdmin');
    return <MessageScreen title={t('kioskRuntime.board.notShared', { id: boardId })} note={note} testId="board-not-shared" />;
  }
  if (store.status === 'deleted') return <MessageScreen title={t('kioskRuntime.board.deleted')} testId="board-missing" />;
  if (store.status === 'invalid') return <MessageScreen title={t('kioskRuntime.board.invalid', { reason: store.problem })} testId="board-invalid" />;
  if (store.status === 'failed' || !store.document || !store.record) return <MessageScreen title={t('kioskRuntime.board.failed')} testId="board-failed" />;
  return <BoardCanvas boardId={boardId} revision={store.record.revision} document={store.document} />;
});
