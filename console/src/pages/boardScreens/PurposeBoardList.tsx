import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { BoardSummary } from '@shared/schemas/boards';
import { NewBoardDialog } from './NewBoardDialog';
import { purposeText } from './purposes';
import styles from './BoardScreens.module.css';
import { useCanEditBoards, type PurposeBoards } from './usePurposeBoards';
import { WallActions } from './WallActions';

interface PurposeBoardListProps {
  model: PurposeBoards;
  /** The purpose's own columns, placed after the name (a data board's code, an equipment board's meter and review). */
  columns?: TableColumnsType<BoardSummary>;
  /** The purpose's own actions, before the wall actions (open by code, submit for review). */
  rowActions?: (board: BoardSummary) => ReactNode;
}

/** The one list of the purpose screens: name, description, code, design size, updated, and the wall/edit actions. */
export const PurposeBoardList = observer(function PurposeBoardList({ model, columns = [], rowActions }: PurposeBoardListProps) {
  const { t } = useTranslation();
  const { screen, boards, meters } = model;
  const canEdit = useCanEditBoards();
  const [creating, setCreating] = useState(false);
  const newBoard = t(purposeText(screen.purpose, 'newBoard'));

  const allColumns: TableColumnsType<BoardSummary> = [
    {
      key: 'name',
      title: t('boardScreens.list.name'),
      // The description goes under the name: the purposes' own columns need the width.
      render: (_: unknown, board) => (
        <Flex vertical gap={2}>
          <Space size={6} wrap>
            <Typography.Text strong>{board.name}</Typography.Text>
            {/* A data board list has a column of its own for the code. */}
            {board.code && !screen.needsCode && <Tag className={styles.mono}>{board.code}</Tag>}
          </Space>
          {board.description && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: board.description }} style={{ margin: 0, fontSize: 12 }}>
              {board.description}
            </Typography.Paragraph>
          )}
        </Flex>
      ),
    },
    ...columns,
    { key: 'size', title: t('boardScreens.list.size'), width: 110, render: (_: unknown, board) => t('boardScreens.list.sizeValue', { width: board.designWidth, height: board.designHeight }) },
    {
      key: 'updated',
      title: t('boardScreens.list.updated'),
      width: 170,
      render: (_: unknown, board) => (
        <Flex vertical>
          <span>{formatDateTime(board.updatedAt)}</span>
          <Typography.Text type="secondary">{t('boardScreens.list.updatedBy', { user: board.updatedBy })}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('boardScreens.list.actions'),
      width: 250,
      render: (_: unknown, board) => (
        <Flex wrap>
          {rowActions?.(board)}
          <WallActions board={board} canEdit={canEdit} />
        </Flex>
      ),
    },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical data-testid="boards-empty">
          <span>{t(purposeText(screen.purpose, 'empty'))}</span>
          <Typography.Text type="secondary">{canEdit ? t('boardScreens.list.emptyCreate', { action: newBoard }) : t('boardScreens.list.emptyAsk')}</Typography.Text>
        </Flex>
      }
    />
  );

  return (
    <Card
      size="small"
      title={t(purposeText(screen.purpose, 'title'))}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void boards.load()} data-testid="boards-refresh">
            {t('boardScreens.list.refresh')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="board-new">
              {newBoard}
            </Button>
          )}
        </Space>
      }
      data-testid={`purpose-boards-${screen.purpose}`}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t(purposeText(screen.purpose, 'intro'))}</Typography.Text>
        <Table<BoardSummary>
          rowKey="id"
          size="middle"
          loading={boards.loading || boards.busy}
          columns={allColumns}
          dataSource={boards.boards}
          // Fixed layout at 1366 px: long descriptions ellipsise, the actions stay on screen.
          scroll={{ x: 960 }}
          locale={{ emptyText: empty }}
          onRow={(board) => ({ 'data-testid': `board-row-${board.id}` }) as object}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="purpose-boards-table"
        />
      </Flex>
      {creating && <NewBoardDialog screen={screen} boards={boards} meters={meters} onClose={() => setCreating(false)} />}
    </Card>
  );
});
