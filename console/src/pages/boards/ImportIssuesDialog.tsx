import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardFileIssue } from './boardFile';

interface ImportIssuesDialogProps {
  notJson: boolean;
  issues: readonly BoardFileIssue[];
  onClose(): void;
}

/** Why an imported file created nothing: the JSON error, or every problem by field. Texts only, never HTML. */
export function ImportIssuesDialog({ notJson, issues, onClose }: ImportIssuesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('displays.importIssues.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="board-import-issues-close">
          {t('displays.importIssues.close')}
        </Button>
      }
      data-testid="board-import-issues"
    >
      {notJson ? (
        <Alert type="error" showIcon title={t('displays.importIssues.notJson', { reason: issues[0]?.message ?? '' })} data-testid="board-import-not-json" />
      ) : (
        <>
          <Typography.Paragraph>{t('displays.importIssues.invalid')}</Typography.Paragraph>
          <ul style={{ maxHeight: 320, overflowY: 'auto', paddingInlineStart: 20 }} data-testid="board-import-issue-list">
            {issues.map((issue, index) => (
              <li key={`${issue.field}:${index}`}>
                <Typography.Text code>{issue.field || t('displays.importIssues.wholeFile')}</Typography.Text> {issue.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
