import { DeleteOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import type { BoardsController } from './BoardsController';
import { boardWallPath, openOnWall } from './wallLinks';

/** The boards a user may see, each opened on a wall in a new tab (the editor's buttons join the row later). */
export const BoardsTab = observer(function BoardsTab({ boards }: { boards: BoardsController }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = async (board: BoardSummary) => {
    if (await boards.remove(board.id)) notify.success(t('displays.boards.deleted'));
  };

  const columns: TableColumnsType<BoardSummary> = [
    {
      key: 'name',
      title: t('displays.boards.name'),
      render: (_: unknown, board) => (
        <Space size={6}>
          <Typography.Text strong>{board.name}</Typography.Text>
          {board.sample && <Tag color="blue">{t('displays.boards.sample')}</Tag>}
        </Space>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('displays.boards.description'), ellipsis: true },
    { key: 'revision', dataIndex: 'revision', title: t('displays.boards.revision'), width: 90, align: 'right' },
    { key: 'size', title: t('displays.boards.size'), width: 120, render: (_: unknown, board) => t('displays.boards.sizeValue', { width: board.designWidth, height: board.designHeight }) },
    {
      key: 'updated',
      title: t('displays.boards.updated'),
      render: (_: unknown, board) => (
        <Space size={4}>
          <span>{formatDateTime(board.updatedAt)}</span>
          <Typography.Text type="secondary">{t('displays.boards.updatedBy', { user: board.updatedBy })}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('displays.actions.actions'),
      width: 220,
      render: (_: unknown, board) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<ExportOutlined />} onClick={() => openOnWall(boardWallPath(board.id))} data-testid={`board-open-${board.id}`}>
            {t('displays.actions.openOnWall')}
          </Button>
          <Popconfirm
            title={t('displays.boards.confirmDelete', { name: board.name })}
            onConfirm={() => remove(board)}
            okText={t('displays.actions.delete')}
            cancelText={t('displays.actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'board-delete-confirm' }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`board-delete-${board.id}`}>
              {t('displays.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="boards-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('displays.boards.editorNote')}</Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void boards.load()} data-testid="boards-refresh">
          {t('displays.actions.refresh')}
        </Button>
      </Flex>
      <Table<BoardSummary>
        rowKey="id"
        size="middle"
        loading={boards.loading}
        columns={columns}
        dataSource={boards.boards}
        scroll={{ x: 1080 /* fixed layout: long descriptions ellipsise, the actions stay on screen at 1366 px */ }}
        locale={{ emptyText: t('displays.boards.empty') }}
        onRow={(board) => ({ 'data-testid': `board-row-${board.id}` }) as object}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="boards-table"
      />
    </Flex>
  );
});
