import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardsApi } from '@shared/api/boardsApi';
import type { UsersApi } from '@shared/api/usersApi';
import type { BoardRecord, BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { copyKioskLink } from './boardLinks';
import { boardFileName, downloadBoardFile, type BoardFileIssue } from './boardFile';
import { BoardRowActions, type BoardRowCommand } from './BoardRowActions';
import type { BoardsController } from './BoardsController';
import { BoardViewersDialog } from './BoardViewersDialog';
import { ImportIssuesDialog } from './ImportIssuesDialog';
import { NewBoardDialog } from './NewBoardDialog';

interface BoardsTabProps {
  boards: BoardsController;
  api: Pick<BoardsApi, 'boardViewers' | 'setBoardViewers'>;
  usersApi: Pick<UsersApi, 'list'>;
  /** Opens the editor on a board. */
  onEdit(boardId: number): void;
  /** Goes to the displays tab with a new display for this board. */
  onNewDisplay(boardId: number): void;
}

const PURPOSE_COLOURS: Readonly<Record<string, string>> = { energy: 'green', 'data-show': 'purple', equipment: 'orange' };

/** The boards: create, import, edit, copy, export, share and open each on a wall. */
export const BoardsTab = observer(function BoardsTab({ boards, api, usersApi, onEdit, onNewDisplay }: BoardsTabProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [importIssues, setImportIssues] = useState<{ notJson: boolean; issues: BoardFileIssue[] } | null>(null);
  const [sharing, setSharing] = useState<BoardSummary | null>(null);

  const remove = async (board: BoardSummary) => {
    if (await boards.remove(board.id)) notify.success(t('displays.boards.deleted'));
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after it is fixed
    if (!file) return;
    const result = await boards.importFile(await file.text());
    if (result.ok) notify.success(t('displays.boards.imported', { name: result.record.name }));
    else if (result.notJson || result.issues.length > 0) setImportIssues(result);
  };

  const command = async (board: BoardSummary, name: BoardRowCommand) => {
    if (name === 'duplicate') {
      const copy = await boards.duplicate(board.id);
      if (copy) notify.success(t('displays.boards.duplicated', { name: copy.name }));
    } else if (name === 'export') {
      const record = await boards.record(board.id);
      if (!record) return;
      downloadBoardFile(record.document, record.name);
      notify.success(t('displays.boards.exported', { file: boardFileName(record.name) }));
    } else if (name === 'viewers') {
      setSharing(board);
    } else if (name === 'copyLink') {
      const link = await copyKioskLink(board.id);
      if (link) void message.success(t('displays.boards.linkCopied', { link }));
      else void message.warning(t('displays.actions.copyFailed'));
    } else {
      onNewDisplay(board.id);
    }
  };

  const columns: TableColumnsType<BoardSummary> = [
    {
      key: 'name',
      title: t('displays.boards.name'),
      render: (_: unknown, board) => (
        <Space size={6} wrap>
          <Typography.Text strong>{board.name}</Typography.Text>
          {board.sample && <Tag color="blue">{t('displays.boards.sample')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'purpose',
      title: t('displays.boards.purpose'),
      render: (_: unknown, board) => (
        <Tag color={PURPOSE_COLOURS[board.purpose] ?? 'default'}>{t(`displays.boards.purposes.${board.purpose ?? 'general'}`)}</Tag>
      ),
    },
    {
      key: 'code',
      title: t('displays.boards.code'),
      render: (_: unknown, board) =>
        board.code ? <Typography.Text code>{board.code}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'description', dataIndex: 'description', title: t('displays.boards.description'), ellipsis: true, width: 200 },
    { key: 'revision', dataIndex: 'revision', title: t('displays.boards.revision'), align: 'right' },
    {
      key: 'size',
      title: t('displays.boards.size'),
      render: (_: unknown, board) => t('displays.boards.sizeValue', { width: board.designWidth, height: board.designHeight }),
    },
    {
      key: 'updated',
      title: t('displays.boards.updated'),
      render: (_: unknown, board) => (
        <Flex vertical>
          <DateTimeText at={board.updatedAt} />
          <Typography.Text type="secondary">{t('displays.boards.updatedBy', { user: board.updatedBy })}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('displays.actions.actions'),
      render: (_: unknown, board) => (
        <BoardRowActions board={board} onEdit={() => onEdit(board.id)} onDelete={() => void remove(board)} onCommand={(name) => void command(board, name)} />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="boards-tab">
      <Typography.Text type="secondary">{t('displays.boards.editorNote')}</Typography.Text>
      <ListToolbar
        list={boards}
        testId="boards"
        exports={
          <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()} loading={boards.busy} data-testid="board-import">
            {t('displays.boards.importJson')}
          </Button>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="board-new">
            {t('displays.boards.newBoard')}
          </Button>
        }
      />
      <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={(event) => void importFile(event)} data-testid="board-import-file" />
      <ListTable<BoardSummary>
        rows={boards.boards}
        loading={boards.loading}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        emptyText={t('displays.boards.empty')}
        rowAttributes={(board) => ({ 'data-testid': `board-row-${board.id}` })}
        testId="boards-table"
      />
      {creating && (
        <NewBoardDialog
          boards={boards}
          onClose={() => setCreating(false)}
          onCreated={(record: BoardRecord) => {
            setCreating(false);
            notify.success(t('displays.boards.created'));
            onEdit(record.id);
          }}
        />
      )}
      {importIssues && <ImportIssuesDialog notJson={importIssues.notJson} issues={importIssues.issues} onClose={() => setImportIssues(null)} />}
      {sharing && <BoardViewersDialog board={sharing} api={api} usersApi={usersApi} onClose={() => setSharing(null)} />}
    </Flex>
  );
});
