import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { Playlist } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
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
        const text = playlist.entries.map((entry) => `${boardName(entry.boardId)} (${t('displays.playlists.cycleValue', { seconds: entry.seconds })})`).join(' → ');
        return (
          <Tooltip title={text}>
            <Typography.Text ellipsis style={{ maxWidth: 360 }}>
              {text}
            </Typography.Text>
          </Tooltip>
        );
      },
    },
    { key: 'count', title: t('displays.playlists.boardCount'), width: 90, align: 'right', render: (_: unknown, playlist) => playlist.entries.length },
    { key: 'cycle', title: t('displays.playlists.cycle'), width: 110, align: 'right', render: (_: unknown, playlist) => t('displays.playlists.cycleValue', { seconds: cycleSeconds(playlist) }) },
    { key: 'updated', dataIndex: 'updatedAt', title: t('displays.playlists.updated'), render: (at: number) => formatDateTime(at) },
    {
      key: 'actions',
      title: t('displays.actions.actions'),
      render: (_: unknown, playlist) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<ExportOutlined />} onClick={() => openOnWall(playlistWallPath(playlist.id))} data-testid={`playlist-open-${playlist.id}`}>
            {t('displays.actions.openOnWall')}
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ playlist })} data-testid={`playlist-edit-${playlist.id}`}>
            {t('displays.actions.edit')}
          </Button>
          <Popconfirm
            title={t('displays.playlists.confirmDelete', { name: playlist.name })}
            onConfirm={() => remove(playlist)}
            okText={t('displays.actions.delete')}
            cancelText={t('displays.actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'playlist-delete-confirm' }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`playlist-delete-${playlist.id}`}>
              {t('displays.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="playlists-tab">
      <Flex justify="flex-end" gap={8}>
        <Button icon={<ReloadOutlined />} onClick={() => void playlists.load()} data-testid="playlists-refresh">
          {t('displays.actions.refresh')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="playlist-add">
          {t('displays.playlists.add')}
        </Button>
      </Flex>
      <Table<Playlist>
        rowKey="id"
        size="middle"
        loading={playlists.loading}
        columns={columns}
        dataSource={playlists.playlists}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('displays.playlists.empty') }}
        onRow={(playlist) => ({ 'data-testid': `playlist-row-${playlist.id}` }) as object}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="playlists-table"
      />
      {editing && <PlaylistDialog playlists={playlists} boards={boards} {...(editing.playlist ? { playlist: editing.playlist } : {})} onSaved={saved} onClose={() => setEditing(null)} />}
    </Flex>
  );
});
