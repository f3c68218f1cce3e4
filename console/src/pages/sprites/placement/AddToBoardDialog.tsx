import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../../feedback/notify';
import { boardWallPath } from '../../boards/wallLinks';
import { useDisplaysApi } from '../../boards/useDisplaysApi';
import { addToBoard, type AddOutcome } from './addToBoard';
import type { NewBoardElement } from './boardPlacement';

/** The element title rule of the board document (boardElementSchema). */
const MAX_TITLE = 80;

interface AddToBoardDialogProps {
  element: Omit<NewBoardElement, 'title'>;
  defaultTitle: string;
  /** The dialog's heading and confirm text. */
  heading: string;
  okText: string;
  /** Test id of the dialog; fields get `<testId>-board`, `<testId>-title`, the confirm button `<testId>-ok`. */
  testId: string;
  onClose(): void;
}

/**
 * Choose a board and a title, then the element is added below the board's items and the board saved
 * (addToBoard). Success stays in the dialog with the link that opens the board on a wall; refused
 * documents list their issues as `field: message`.
 */
export function AddToBoardDialog({ element, defaultTitle, heading, okText, testId, onClose }: AddToBoardDialogProps) {
  const { t } = useTranslation();
  const api = useDisplaysApi();
  const notify = useNotify();
  const [boards, setBoards] = useState<BoardSummary[] | null>(null);
  const [boardId, setBoardId] = useState<number | undefined>(undefined);
  const [title, setTitle] = useState(defaultTitle.slice(0, MAX_TITLE));
  const [missingBoard, setMissingBoard] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);

  useEffect(() => {
    let current = true;
    api
      .boards()
      .then((list) => current && setBoards(list))
      .catch(() => current && setBoards([]));
    return () => {
      current = false;
    };
  }, [api]);

  const save = async () => {
    if (boardId === undefined) return setMissingBoard(true);
    setSaving(true);
    try {
      const result = await addToBoard(api, boardId, { ...element, title: title.trim() });
      setOutcome(result);
      if (result.kind === 'saved') notify.success(t('sprites.board.added', { board: boardName(boards, boardId) }));
    } catch {
      // Toasted by the api hook (revision conflict, no permission); the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  const done = outcome?.kind === 'saved';
  return (
    <Modal
      open
      centered
      width="min(520px, 92vw)"
      title={heading}
      okText={done ? t('sprites.board.close') : okText}
      cancelText={t('sprites.board.cancel')}
      onOk={done ? onClose : () => void save()}
      onCancel={onClose}
      cancelButtonProps={done ? { style: { display: 'none' } } : {}}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': `${testId}-ok` }}
      data-testid={testId}
    >
      <Form layout="vertical" disabled={done}>
        <Form.Item
          label={t('sprites.board.board')}
          required
          validateStatus={missingBoard ? 'error' : undefined}
          help={missingBoard ? t('sprites.board.chooseBoard') : undefined}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={boards === null}
            placeholder={t('sprites.board.chooseBoard')}
            options={(boards ?? []).map((board) => ({ value: board.id, label: board.name }))}
            value={boardId}
            onChange={(id) => {
              setBoardId(id);
              setMissingBoard(false);
              setOutcome(null);
            }}
            notFoundContent={boards === null ? undefined : t('sprites.board.noBoards')}
            aria-label={t('sprites.board.board')}
            data-testid={`${testId}-board`}
          />
        </Form.Item>
        <Form.Item label={t('sprites.board.title')}>
          <Input
            value={title}
            maxLength={MAX_TITLE}
            onChange={(event) => setTitle(event.target.value)}
            aria-label={t('sprites.board.title')}
            data-testid={`${testId}-title`}
          />
        </Form.Item>
      </Form>
      {outcome?.kind === 'saved' && (
        <Alert
          type="success"
          showIcon
          data-testid={`${testId}-saved`}
          title={t('sprites.board.added', { board: boardName(boards, outcome.boardId) })}
          description={
            <a href={boardWallPath(outcome.boardId)} target="_blank" rel="noopener noreferrer" data-testid={`${testId}-open`}>
              {t('sprites.board.openOnWall')}
            </a>
          }
        />
      )}
      {outcome?.kind === 'invalid' && (
        <Alert
          type="error"
          showIcon
          data-testid={`${testId}-issues`}
          title={t('sprites.board.refused')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {outcome.issues.map((issue) => (
                <li key={`${issue.field}:${issue.message}`}>
                  {issue.field && <Typography.Text code>{issue.field}</Typography.Text>} {issue.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}

const boardName = (boards: BoardSummary[] | null, id: number): string => boards?.find((board) => board.id === id)?.name ?? `#${id}`;
