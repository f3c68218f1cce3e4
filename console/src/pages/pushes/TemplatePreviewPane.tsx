import { Card, Empty, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PlainText } from './PlainText';
import type { TemplateEditorController } from './TemplateEditorController';

/** The draft filled with a sample alarm by the server, refreshed when typing pauses. */
export const TemplatePreviewPane = observer(function TemplatePreviewPane({ editor }: { editor: TemplateEditorController }) {
  const { t } = useTranslation();
  const { preview } = editor;
  return (
    <Card size="small" title={t('pushes.templates.preview')} extra={editor.previewing && <Spin size="small" />} data-testid="template-preview">
      {preview ? (
        <>
          {editor.draft.channel === 'email' && (
            <Typography.Paragraph strong data-testid="template-preview-subject">
              {preview.subject || t('pushes.templates.noSubject')}
            </Typography.Paragraph>
          )}
          <PlainText text={preview.body} testId="template-preview-body" />
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pushes.templates.previewEmpty')} />
      )}
    </Card>
  );
});
