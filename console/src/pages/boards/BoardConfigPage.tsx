import { Card, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { BoardsController } from './BoardsController';
import { BoardsTab } from './BoardsTab';
import { DisplaysController } from './DisplaysController';
import { DisplaysTab } from './DisplaysTab';
import { PlaylistsController } from './PlaylistsController';
import { PlaylistsTab } from './PlaylistsTab';
import { useDisplaysApi } from './useDisplaysApi';
import { usePageVisible } from './usePageVisible';

type TabKey = 'boards' | 'displays' | 'playlists';

/**
 * /settings/boardConfig: the boards (the editor joins this screen in a later issue), the display tokens
 * with what each wall reports, and the playlists walls rotate.
 */
export const BoardConfigPage = observer(function BoardConfigPage() {
  const { t } = useTranslation();
  const api = useDisplaysApi();
  const [boards] = useState(() => new BoardsController(api));
  const [playlists] = useState(() => new PlaylistsController(api));
  const [displays] = useState(() => new DisplaysController(api, t));
  const [tab, setTab] = useState<TabKey>('boards');
  // A cached view stays mounted (hidden) while another tag is open: it must not keep asking then.
  const onScreen = useLocation().pathname === BOARD_CONFIG_SCREEN;
  const pageVisible = usePageVisible();

  useEffect(() => {
    void boards.load();
    void playlists.load();
  }, [boards, playlists]);
  useEffect(() => displays.setPolling(tab === 'displays' && onScreen && pageVisible), [displays, tab, onScreen, pageVisible]);
  useEffect(() => displays.dispose, [displays]);

  return (
    <Card size="small" title={t('displays.title')} data-testid="board-config-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'boards', label: t('displays.tabs.boards'), children: <BoardsTab boards={boards} /> },
          { key: 'displays', label: t('displays.tabs.displays'), children: <DisplaysTab displays={displays} boards={boards} playlists={playlists} /> },
          { key: 'playlists', label: t('displays.tabs.playlists'), children: <PlaylistsTab playlists={playlists} boards={boards} /> },
        ]}
        data-testid="board-config-tabs"
      />
    </Card>
  );
});
