import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardReviewDecisionSchema, type BoardSummary } from '@shared/schemas/boards';
import { schemaIssues } from '../../forms/fieldErrors';
import { ruleText } from './ruleText';

interface RejectDialogProps {
  board: BoardSummary;
  /** Resolves true when the server took the rejection; the api toast says why otherwise (e.g. reviewing one's own board). */
  onReject: (comment: string) => Promise<boolean>;
  onClose: () => void;
}

/** The contract's own check: a rejection needs the reviewer's words (at most 500 characters). */
const commentError = (comment: string): string | undefined => schemaIssues(boardReviewDecisionSchema, { approve: false, comment })[0]?.message;

/** Reject a submitted board, saying why; nothing is sent without a comment. */
export function RejectDialog({ board, onReject, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const reject = async () => {
    const problem = commentError(comment);
    setError(problem && ruleText(t, problem));
    if (problem) return;
    setSaving(true);
    const done = await onReject(comment.trim());
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal
      open
      title={t('boardScreens.review.rejectTitle', { name: board.name })}
      okText={t('boardScreens.actions.reject')}
      cancelText={t('boardScreens.actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'reject-ok' }}
      confirmLoading={saving}
      onOk={() => void reject()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reject-dialog"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('boardScreens.review.rejectComment')} required {...(error ? { validateStatus: 'error' as const, help: error } : {})}>
          <Input.TextArea
            value={comment}
            rows={4}
            maxLength={500}
            showCount
            placeholder={t('boardScreens.review.rejectPlaceholder')}
            onChange={(event) => {
              setComment(event.target.value);
              setError(undefined);
            }}
            data-testid="reject-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
