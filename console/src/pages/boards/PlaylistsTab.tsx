import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Playlist } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import type { BoardsController } from './BoardsController';
import { PlaylistDialog } from './PlaylistDialog';
import { cycleSeconds, type PlaylistsController } from './PlaylistsController';
import { openOnWall, playlistWallPath } from './wallLinks';

interface PlaylistsTabProps {
  playlists: PlaylistsController;
  boards: BoardsController;
}

/** Playlists: boards in order with their dwell times, opened on a wall in a new tab. */
export const PlaylistsTab = observer(function PlaylistsTab({ playlists, boards }: PlaylistsTabProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState<{ playlist?: Playlist } | null>(null);
  const boardName = (id: number) => boards.nameOf(id) ?? t('displays.displays.unknownBoard', { id });

  const saved = () => {
    notify.success(t(editing?.playlist ? 'displays.playlists.updatedDone' : 'displays.playlists.created'));
    setEditing(null);
  };
  const remove = async (playlist: Playlist) => {
    if (await playlists.remove(playlist.id)) notify.success(t('displays.playlists.deleted'));
  };

  const columns: TableColumnsType<Playlist> = [
    { key: 'name', dataIndex: 'name', title: t('displays.playlists.name'), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      key: 'entries',
      title: t('displays.playlists.entries'),
      render: (_: unknown, playlist) => {
        const text = playlist.entries
          .map((entry) => `${boardName(entry.boardId)} (${t('displays.playlists.cycleValue', { seconds: entry.seconds })})`)
          .join(' → ');
        return <CutText text={text} maxWidth={320} />;
      },
    },
    { key: 'count', title: t('displays.playlists.boardCount'), align: 'right', render: (_: unknown, playlist) => playlist.entries.length },
    {
      key: 'cycle',
      title: t('displays.playlists.cycle'),
      align: 'right',
      render: (_: unknown, playlist) => t('displays.playlists.cycleValue', { seconds: cycleSeconds(playlist) }),
    },
    { key: 'updated', dataIndex: 'updatedAt', title: t('displays.playlists.updated'), render: (at: number) => <DateTimeText at={at} /> },
    {
      key: 'actions',
      title: t('displays.actions.actions'),
      render: (_: unknown, playlist) => (
        <RowActions
          actions={[
            {
              label: t('displays.actions.openOnWall'),
              icon: <ExportOutlined />,
              onClick: () => openOnWall(playlistWallPath(playlist.id)),
              testId: `playlist-open-${playlist.id}`,
            },
            { label: t('displays.actions.edit'), icon: <EditOutlined />, onClick: () => setEditing({ playlist }), testId: `playlist-edit-${playlist.id}` },
            {
              label: t('displays.actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('displays.playlists.confirmDelete', { name: playlist.name }),
              confirmTestId: 'playlist-delete-confirm',
              onClick: () => void remove(playlist),
              testId: `playlist-delete-${playlist.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="playlists-tab">
      <ListToolbar
        list={playlists}
        testId="playlists"
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="playlist-add">
            {t('displays.playlists.add')}
          </Button>
        }
      />
      <ListTable<Playlist>
        rows={playlists.playlists}
        loading={playlists.loading}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        emptyText={t('displays.playlists.empty')}
        rowAttributes={(playlist) => ({ 'data-testid': `playlist-row-${playlist.id}` })}
        testId="playlists-table"
      />
      {editing && (
        <PlaylistDialog
          playlists={playlists}
          boards={boards}
          {...(editing.playlist ? { playlist: editing.playlist } : {})}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
});
