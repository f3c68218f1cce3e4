import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/schemas/boards';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
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
    {
      key: 'size',
      title: t('boardScreens.list.size'),
      render: (_: unknown, board) => t('boardScreens.list.sizeValue', { width: board.designWidth, height: board.designHeight }),
    },
    {
      key: 'updated',
      title: t('boardScreens.list.updated'),
      render: (_: unknown, board) => (
        <Flex vertical>
          <DateTimeText at={board.updatedAt} />
          <Typography.Text type="secondary">{t('boardScreens.list.updatedBy', { user: board.updatedBy })}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('boardScreens.list.actions'),
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
          <Typography.Text type="secondary">
            {canEdit ? t('boardScreens.list.emptyCreate', { action: newBoard }) : t('boardScreens.list.emptyAsk')}
          </Typography.Text>
        </Flex>
      }
    />
  );

  return (
    <Card size="small" title={t(purposeText(screen.purpose, 'title'))} data-testid={`purpose-boards-${screen.purpose}`}>
      <Typography.Paragraph type="secondary">{t(purposeText(screen.purpose, 'intro'))}</Typography.Paragraph>
      <ListToolbar
        list={boards}
        testId="boards"
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="board-new">
              {newBoard}
            </Button>
          )
        }
      />
      <ListTable<BoardSummary>
        rows={boards.boards}
        loading={boards.loading || boards.busy}
        clientPageSize={20}
        rowKey="id"
        columns={allColumns}
        emptyText={empty}
        rowAttributes={(board) => ({ 'data-testid': `board-row-${board.id}` })}
        testId="purpose-boards-table"
      />
      {creating && <NewBoardDialog screen={screen} boards={boards} meters={meters} onClose={() => setCreating(false)} />}
    </Card>
  );
});
