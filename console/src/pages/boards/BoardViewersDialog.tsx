import { Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardsApi } from '@shared/api/boardsApi';
import type { UsersApi } from '@shared/api/usersApi';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';

/** The user list's largest page; a tree of more users than this many pages is not listed whole. */
const PAGE_SIZE = 200;
const MAX_PAGES = 25;

interface UserChoice {
  value: number;
  label: string;
}

/** Every user the signed-in one may see, page by page (GET /users pages of 200). */
async function allUsers(api: Pick<UsersApi, 'list'>, label: (row: { trueName: string; username: string }) => string): Promise<UserChoice[]> {
  const choices: UserChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const list = await api.list({ page, size: PAGE_SIZE });
    choices.push(...list.rows.map((row) => ({ value: row._id, label: label(row) })));
    if (list.rows.length < PAGE_SIZE || choices.length >= list.total) break;
  }
  return choices;
}

interface BoardViewersDialogProps {
  board: BoardSummary;
  api: Pick<BoardsApi, 'boardViewers' | 'setBoardViewers'>;
  usersApi: Pick<UsersApi, 'list'>;
  onClose(): void;
}

/** "Who may see it": the users, beyond those who may edit boards, who may open this board. */
export function BoardViewersDialog({ board, api, usersApi, onClose }: BoardViewersDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [users, setUsers] = useState<UserChoice[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  // The dialog loads once per board; a new onClose from the parent's render must not load again.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let live = true;
    const label = (row: { trueName: string; username: string }) =>
      row.trueName ? t('displays.viewers.userLabel', { trueName: row.trueName, username: row.username }) : row.username;
    Promise.all([allUsers(usersApi, label), api.boardViewers(board.id)]).then(
      ([choices, viewers]) => {
        if (!live) return;
        setUsers(choices);
        setChosen(viewers.userIds);
      },
      () => live && close.current(),
    );
    return () => {
      live = false;
    };
  }, [api, usersApi, board.id, t]);

  const save = async () => {
    setSaving(true);
    try {
      await api.setBoardViewers(board.id, chosen);
      notify.success(t('displays.viewers.saved'));
      onClose();
    } catch {
      // The api toast said why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('displays.viewers.title', { name: board.name })}
      okText={t('displays.actions.save')}
      cancelText={t('displays.actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: users === null, 'data-testid': 'board-viewers-ok' }}
      data-testid="board-viewers-dialog"
    >
      <Typography.Paragraph type="secondary">{t('displays.viewers.note')}</Typography.Paragraph>
      {users === null ? (
        <Spin />
      ) : (
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label={t('displays.viewers.users')}
          placeholder={t('displays.viewers.placeholder')}
          showSearch={{ optionFilterProp: 'label' }}
          options={users}
          value={chosen}
          onChange={setChosen}
          data-testid="board-viewers-users"
        />
      )}
    </Modal>
  );
}
