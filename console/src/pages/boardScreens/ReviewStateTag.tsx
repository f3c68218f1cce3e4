import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardReview, BoardReviewState } from '@shared/schemas/boards';

const COLOURS: Record<BoardReviewState, string> = { draft: 'default', pending: 'processing', approved: 'success', rejected: 'error' };

/** Where an equipment board's review stands; a rejection carries the reviewer's words (plain text). */
export function ReviewStateTag({ review, boardId }: { review: BoardReview | null; boardId: number }) {
  const { t } = useTranslation();
  // A board never submitted has no review yet: it is a draft.
  const state = review?.state ?? 'draft';
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={COLOURS[state]} data-testid={`review-state-${boardId}`} data-state={state}>
        {t(`boardScreens.review.states.${state}`)}
        {review?.revision && state !== 'draft' ? ` · ${t('boardScreens.review.ofRevision', { revision: review.revision })}` : ''}
      </Tag>
      {state === 'rejected' && review?.comment && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`review-comment-${boardId}`}>
          {t('boardScreens.review.reviewerSays', { comment: review.comment })}
        </Typography.Text>
      )}
    </Flex>
  );
}
