import { CheckOutlined, CloseOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
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
      <span>{formatDateTime(at)}</span>
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
    { key: 'equipment', title: t('boardScreens.list.equipment'), width: 200, render: (_: unknown, board) => <EquipmentName meters={meters} meterId={board.equipmentMeterId} /> },
    { key: 'submitted', title: t('boardScreens.review.submitted'), width: 170, render: (_: unknown, board) => <WhoWhen at={board.review?.submittedAt} by={board.review?.submittedBy} /> },
    { key: 'revision', title: t('boardScreens.review.revision'), width: 90, align: 'right', render: (_: unknown, board) => board.review?.revision ?? '–' },
    ...(pending
      ? []
      : ([
          { key: 'decision', title: t('boardScreens.review.decision'), width: 170, render: (_: unknown, board) => <ReviewStateTag review={board.review} boardId={board.id} /> },
          { key: 'decided', title: t('boardScreens.review.decided'), width: 170, render: (_: unknown, board) => <WhoWhen at={board.review?.decidedAt} by={board.review?.decidedBy} /> },
          {
            key: 'comment',
            title: t('boardScreens.review.comment'),
            ellipsis: true,
            render: (_: unknown, board) => <span data-testid={`review-decided-comment-${board.id}`}>{board.review?.comment || '–'}</span>,
          },
        ] satisfies TableColumnsType<BoardSummary>)),
    {
      key: 'actions',
      title: t('boardScreens.list.actions'),
      width: pending ? 260 : 110,
      render: (_: unknown, board) => (
        <Flex wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => openOnWall(boardWallPath(board.id))} data-testid={`review-preview-${board.id}`}>
            {t('boardScreens.actions.preview')}
          </Button>
          {pending && (
            <>
              <Popconfirm
                title={t('boardScreens.review.confirmApprove', { name: board.name, revision: board.review?.revision ?? board.revision })}
                onConfirm={() => approve(board)}
                okText={t('boardScreens.actions.approve')}
                cancelText={t('boardScreens.actions.cancel')}
                okButtonProps={{ 'data-testid': 'approve-confirm' }}
              >
                <Button type="link" size="small" icon={<CheckOutlined />} disabled={reviews.busy} data-testid={`review-approve-${board.id}`}>
                  {t('boardScreens.actions.approve')}
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger icon={<CloseOutlined />} disabled={reviews.busy} onClick={() => setRejecting(board)} data-testid={`review-reject-${board.id}`}>
                {t('boardScreens.actions.reject')}
              </Button>
            </>
          )}
        </Flex>
      ),
    },
  ];

  const table = (
    <Table<BoardSummary>
      rowKey="id"
      size="middle"
      loading={reviews.loading || reviews.busy}
      columns={columns}
      dataSource={reviews.boards}
      scroll={{ x: pending ? 900 : 1200 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(pending ? 'boardScreens.review.emptyPending' : 'boardScreens.review.emptyDecided')} /> }}
      onRow={(board) => ({ 'data-testid': `review-row-${board.id}` }) as object}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid="reviews-table"
    />
  );

  return (
    <Card
      size="small"
      title={t('boardScreens.review.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void reviews.load()} data-testid="reviews-refresh">
          {t('boardScreens.list.refresh')}
        </Button>
      }
      data-testid="equipment-review"
    >
      <Typography.Text type="secondary">{t('boardScreens.review.intro')}</Typography.Text>
      <Tabs
        activeKey={reviews.tab}
        onChange={(key) => reviews.setTab(key as ReviewTab)}
        items={(['pending', 'decided'] as const).map((key) => ({ key, label: t(`boardScreens.review.tabs.${key}`), children: key === reviews.tab ? table : null }))}
        data-testid="review-tabs"
      />
      {rejecting && <RejectDialog board={rejecting} onReject={(comment) => reject(rejecting, comment)} onClose={() => setRejecting(null)} />}
    </Card>
  );
});
