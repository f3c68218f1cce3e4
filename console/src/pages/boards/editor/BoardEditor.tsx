import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardVersionsApi } from '@shared/api/boardVersionsApi';
import type { BoardsApi } from '@shared/api/boardsApi';
import { widgetRegistry } from '@boards/widgets';
import { EditorStore } from './EditorStore';
import { EditorWorkspace } from './EditorWorkspace';

type Loading = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; store: EditorStore };

interface BoardEditorProps {
  boardId: number;
  api: Pick<BoardsApi, 'board' | 'updateBoard'> & BoardVersionsApi;
  active: boolean;
  onExit(): void;
}

/** /settings/boardConfig?edit=<id>: loads the board, then the editor over it (a fresh store per board). */
export function BoardEditor({ boardId, api, active, onExit }: BoardEditorProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState<Loading>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoading({ status: 'loading' });
    api.board(boardId).then(
      (record) => live && setLoading({ status: 'ready', store: new EditorStore(record, { api, registry: widgetRegistry }) }),
      () => live && setLoading({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, boardId]);

  if (loading.status === 'loading')
    return (
      <Spin description={t('boardEditor.loading')} data-testid="editor-loading">
        <div style={{ height: 240 }} />
      </Spin>
    );
  if (loading.status === 'failed') {
    return (
      <Result
        status="warning"
        title={t('boardEditor.notFound')}
        extra={
          <Button type="primary" onClick={onExit} data-testid="editor-missing-back">
            {t('boardEditor.backToList')}
          </Button>
        }
        data-testid="editor-missing"
      />
    );
  }
  return <EditorWorkspace store={loading.store} api={api} active={active} onExit={onExit} />;
}
