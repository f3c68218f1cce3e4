import { Card, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { useUsersApi } from '../users/useUsersApi';
import { BoardsController } from './BoardsController';
import { BoardsTab } from './BoardsTab';
import { DisplaysController } from './DisplaysController';
import { DisplaysTab } from './DisplaysTab';
import { BoardEditor } from './editor/BoardEditor';
import { editorPath, editedBoardId } from './editorRoute';
import { PlaylistsController } from './PlaylistsController';
import { PlaylistsTab } from './PlaylistsTab';
import { useDisplaysApi } from './useDisplaysApi';
import { usePageVisible } from './usePageVisible';

type TabKey = 'boards' | 'displays' | 'playlists';

/**
 * /settings/boardConfig: the boards, the display tokens with what each wall reports, and the playlists
 * walls rotate; with `?edit=<id>` the board editor instead of the tabs (back returns to the list).
 */
export const BoardConfigPage = observer(function BoardConfigPage() {
  const { t } = useTranslation();
  const api = useDisplaysApi();
  const usersApi = useUsersApi();
  const navigate = useNavigate();
  const [boards] = useState(() => new BoardsController(api));
  const [playlists] = useState(() => new PlaylistsController(api));
  const [displays] = useState(() => new DisplaysController(api, t));
  const [tab, setTab] = useState<TabKey>('boards');
  const [createDisplayFor, setCreateDisplayFor] = useState<number | null>(null);
  // A cached view stays mounted (hidden) while another tag is open: it must not keep asking then.
  const location = useLocation();
  const onScreen = location.pathname === BOARD_CONFIG_SCREEN;
  const pageVisible = usePageVisible();
  // While hidden, the location is another screen's: the editor stays open with its unsaved work.
  const editing = useRef<number | null>(null);
  if (onScreen) editing.current = editedBoardId(location.search);
  const editId = editing.current;

  useEffect(() => {
    if (editId !== null) return;
    void boards.load();
    void playlists.load();
  }, [boards, playlists, editId]);
  useEffect(() => displays.setPolling(editId === null && tab === 'displays' && onScreen && pageVisible), [displays, editId, tab, onScreen, pageVisible]);
  useEffect(() => displays.dispose, [displays]);

  const openEditor = useCallback((id: number) => navigate(editorPath(id)), [navigate]);
  const closeEditor = useCallback(() => navigate(BOARD_CONFIG_SCREEN), [navigate]);
  const newDisplayFor = useCallback((id: number) => {
    setTab('displays');
    setCreateDisplayFor(id);
  }, []);
  const createDisplayOpened = useCallback(() => setCreateDisplayFor(null), []);

  if (editId !== null) return <BoardEditor key={editId} boardId={editId} api={api} active={onScreen} onExit={closeEditor} />;

  return (
    <Card size="small" title={t('displays.title')} data-testid="board-config-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'boards',
            label: t('displays.tabs.boards'),
            children: <BoardsTab boards={boards} api={api} usersApi={usersApi} onEdit={openEditor} onNewDisplay={newDisplayFor} />,
          },
          {
            key: 'displays',
            label: t('displays.tabs.displays'),
            children: (
              <DisplaysTab
                displays={displays}
                boards={boards}
                playlists={playlists}
                createForBoard={createDisplayFor}
                onCreateForBoardOpened={createDisplayOpened}
              />
            ),
          },
          { key: 'playlists', label: t('displays.tabs.playlists'), children: <PlaylistsTab playlists={playlists} boards={boards} /> },
        ]}
        data-testid="board-config-tabs"
      />
    </Card>
  );
});
