import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Tabs, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { boardWallPath, openOnWall } from '../boards/wallLinks';
import { BoardReviewsController, type ReviewTab } from './BoardReviewsController';
import { useDisplaysApi } from '../boards/useDisplaysApi';
import { EquipmentName } from './EquipmentName';
import { useMeterChoices } from './MeterChoices';
import { RejectDialog } from './RejectDialog';
import { ReviewStateTag } from './ReviewStateTag';

/** When and by whom, on two lines ("–" when it has not happened). */
function WhoWhen({ at, by }: { at: number | null | undefined; by: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <DateTimeText at={at} />
      {by && <Typography.Text type="secondary">{t('boardScreens.review.by', { user: by })}</Typography.Text>}
    </Flex>
  );
}

/** base/equipmentBoardCheck: decide on the submitted equipment boards; the decided ones with who, when and why. */
export const EquipmentReviewPage = observer(function EquipmentReviewPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const api = useDisplaysApi();
  const [reviews] = useState(() => new BoardReviewsController(api));
  const meters = useMeterChoices();
  const [rejecting, setRejecting] = useState<BoardSummary | null>(null);
  const pending = reviews.tab === 'pending';

  useEffect(() => {
    void reviews.load();
    void meters.load();
  }, [reviews, meters]);

  const approve = async (board: BoardSummary) => {
    if (await reviews.approve(board)) notify.success(t('boardScreens.review.approved'));
  };
  const reject = async (board: BoardSummary, comment: string) => {
    const done = await reviews.reject(board, comment);
    if (done) notify.success(t('boardScreens.review.rejected'));
    return done;
  };

  const columns: TableColumnsType<BoardSummary> = [
    { key: 'board', title: t('boardScreens.review.board'), render: (_: unknown, board) => <Typography.Text strong>{board.name}</Typography.Text> },
    {
      key: 'equipment',
      title: t('boardScreens.list.equipment'),
      render: (_: unknown, board) => <EquipmentName meters={meters} meterId={board.equipmentMeterId} />,
    },
    {
      key: 'submitted',
      title: t('boardScreens.review.submitted'),
      render: (_: unknown, board) => <WhoWhen at={board.review?.submittedAt} by={board.review?.submittedBy} />,
    },
    { key: 'revision', title: t('boardScreens.review.revision'), align: 'right', render: (_: unknown, board) => board.review?.revision ?? '–' },
    ...(pending
      ? []
      : ([
          {
            key: 'decision',
            title: t('boardScreens.review.decision'),
            render: (_: unknown, board) => <ReviewStateTag review={board.review} boardId={board.id} />,
          },
          {
            key: 'decided',
            title: t('boardScreens.review.decided'),
            render: (_: unknown, board) => <WhoWhen at={board.review?.decidedAt} by={board.review?.decidedBy} />,
          },
          {
            key: 'comment',
            title: t('boardScreens.review.comment'),
            render: (_: unknown, board) => (
              <span data-testid={`review-decided-comment-${board.id}`}>
                <CutText text={board.review?.comment || '–'} maxWidth={240} />
              </span>
            ),
          },
        ] satisfies TableColumnsType<BoardSummary>)),
    {
      key: 'actions',
      title: t('boardScreens.list.actions'),
      render: (_: unknown, board) => (
        <RowActions
          actions={[
            {
              label: t('boardScreens.actions.preview'),
              icon: <EyeOutlined />,
              onClick: () => openOnWall(boardWallPath(board.id)),
              testId: `review-preview-${board.id}`,
            },
            pending && {
              label: t('boardScreens.actions.approve'),
              icon: <CheckOutlined />,
              disabled: reviews.busy,
              confirm: t('boardScreens.review.confirmApprove', { name: board.name, revision: board.review?.revision ?? board.revision }),
              confirmTestId: 'approve-confirm',
              onClick: () => void approve(board),
              testId: `review-approve-${board.id}`,
            },
            pending && {
              label: t('boardScreens.actions.reject'),
              icon: <CloseOutlined />,
              danger: true,
              disabled: reviews.busy,
              onClick: () => setRejecting(board),
              testId: `review-reject-${board.id}`,
            },
          ]}
        />
      ),
    },
  ];

  const table = (
    <ListTable<BoardSummary>
      rows={reviews.boards}
      loading={reviews.loading || reviews.busy}
      clientPageSize={20}
      rowKey="id"
      columns={columns}
      emptyText={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(pending ? 'boardScreens.review.emptyPending' : 'boardScreens.review.emptyDecided')} />
      }
      rowAttributes={(board) => ({ 'data-testid': `review-row-${board.id}` })}
      testId="reviews-table"
    />
  );

  return (
    <Card size="small" title={t('boardScreens.review.title')} data-testid="equipment-review">
      <Typography.Paragraph type="secondary">{t('boardScreens.review.intro')}</Typography.Paragraph>
      <ListToolbar list={reviews} testId="reviews" />
      <Tabs
        activeKey={reviews.tab}
        onChange={(key) => reviews.setTab(key as ReviewTab)}
        items={(['pending', 'decided'] as const).map((key) => ({
          key,
          label: t(`boardScreens.review.tabs.${key}`),
          children: key === reviews.tab ? table : null,
        }))}
        data-testid="review-tabs"
      />
      {rejecting && <RejectDialog board={rejecting} onReject={(comment) => reject(rejecting, comment)} onClose={() => setRejecting(null)} />}
    </Card>
  );
});
