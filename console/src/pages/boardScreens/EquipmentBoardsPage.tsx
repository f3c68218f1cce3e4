import { SendOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import { EquipmentName } from './EquipmentName';
import { PurposeBoardList } from './PurposeBoardList';
import { PURPOSE_SCREENS } from './purposes';
import { ReviewStateTag } from './ReviewStateTag';
import { usePurposeBoards } from './usePurposeBoards';

/** A draft or a rejected board may be submitted; a pending or approved one waits for a new save first. */
const submittable = (board: BoardSummary): boolean => (board.review?.state ?? 'draft') === 'draft' || board.review?.state === 'rejected';

/** base/equipmentBoard: one board per meter, with where its review stands and a way to submit it. */
export const EquipmentBoardsPage = observer(function EquipmentBoardsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const model = usePurposeBoards(PURPOSE_SCREENS.equipment);
  const { boards, meters } = model;

  const columns: TableColumnsType<BoardSummary> = [
    {
      key: 'equipment',
      title: t('boardScreens.list.equipment'),
      width: 200,
      render: (_: unknown, board) => <EquipmentName meters={meters} meterId={board.equipmentMeterId} />,
    },
    {
      key: 'review',
      title: t('boardScreens.list.review'),
      width: 200,
      render: (_: unknown, board) => <ReviewStateTag review={board.review} boardId={board.id} />,
    },
  ];

  const submit = async (board: BoardSummary) => {
    if (await boards.submitForReview(board)) notify.success(t('boardScreens.actions.submitted'));
  };
  const submitAction = (board: BoardSummary) =>
    submittable(board) ? (
      <Button
        type="link"
        size="small"
        icon={<SendOutlined />}
        disabled={boards.busy}
        onClick={() => void submit(board)}
        data-testid={`board-submit-${board.id}`}
      >
        {t('boardScreens.actions.submit')}
      </Button>
    ) : null;

  return <PurposeBoardList model={model} columns={columns} rowActions={submitAction} />;
});
