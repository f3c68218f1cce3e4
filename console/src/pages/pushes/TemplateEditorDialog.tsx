import { Form, Input, Modal, Select, Typography, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_CHANNELS, type PushTemplate, type TemplatePlaceholder } from '@shared/schemas/pushes';
import { PlaceholderPalette } from './PlaceholderPalette';
import styles from './Pushes.module.css';
import { SMS_MAX_CHARS, type TemplateEditorController } from './TemplateEditorController';
import { TemplatePreviewPane } from './TemplatePreviewPane';

interface TemplateEditorDialogProps {
  editor: TemplateEditorController;
  onSaved(template: PushTemplate): void;
  onClose(): void;
}

type Caret = SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>;

/** Write a template: channel, name, subject (e-mail), body with the placeholder palette, live preview. */
export const TemplateEditorDialog = observer(function TemplateEditorDialog({ editor, onSaved, onClose }: TemplateEditorDialogProps) {
  const { t } = useTranslation();
  const bodyRef = useRef<TextAreaRef>(null);
  const subjectRef = useRef<InputRef>(null);
  useEffect(() => editor.dispose, [editor]);

  const { draft, errors } = editor;
  const track = (field: 'subject' | 'body') => (event: Caret) =>
    editor.setSelection(field, event.currentTarget.selectionStart ?? 0, event.currentTarget.selectionEnd ?? 0);
  const insert = (name: TemplatePlaceholder) => {
    const { field, caret } = editor.insertPlaceholder(name);
    // After React has written the new value: caret behind the token, focus back in the field.
    setTimeout(() => {
      const element = field === 'body' ? bodyRef.current?.resizableTextArea?.textArea : subjectRef.current?.input;
      element?.setSelectionRange(caret, caret);
      element?.focus();
    }, 0);
  };
  const save = async () => {
    const saved = await editor.save();
    if (saved) onSaved(saved);
  };
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);

  return (
    <Modal
      open
      centered
      width="min(1100px, 92vw)"
      mask={{ closable: false }}
      title={editor.record ? t('pushes.templates.editTitle', { name: editor.record.name }) : t('pushes.templates.addTitle')}
      okText={t('pushes.actions.save')}
      cancelText={t('pushes.actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: editor.saving, 'data-testid': 'template-save' }}
      data-testid="template-dialog"
    >
      <div className={styles.editorGrid}>
        <Form layout="vertical" component="div">
          <Form.Item label={t('pushes.templates.channel')} required>
            <Select
              value={draft.channel}
              options={PUSH_CHANNELS.map((channel) => ({ value: channel, label: t(`pushes.channels.${channel}`) }))}
              onChange={(channel) => editor.setField('channel', channel)}
              data-testid="template-channel"
            />
          </Form.Item>
          <Form.Item label={t('pushes.templates.name')} required validateStatus={status('name')} help={errors.name}>
            <Input
              value={draft.name}
              maxLength={64}
              onChange={(event) => editor.setField('name', event.target.value)}
              onBlur={() => editor.checkField('name')}
              data-testid="template-name"
            />
          </Form.Item>
          {draft.channel === 'email' && (
            <Form.Item label={t('pushes.templates.subject')} validateStatus={status('subject')} help={errors.subject}>
              <Input
                ref={subjectRef}
                value={draft.subject}
                maxLength={200}
                placeholder={`${t('pushes.templates.subjectPlaceholder')} [{{severity}}] {{subject}}: {{kind}}`}
                onChange={(event) => {
                  editor.setField('subject', event.target.value);
                  track('subject')(event);
                }}
                onSelect={track('subject')}
                onFocus={track('subject')}
                onBlur={() => editor.checkField('subject')}
                data-testid="template-subject"
              />
            </Form.Item>
          )}
          <PlaceholderPalette onInsert={insert} />
          <Form.Item label={t('pushes.templates.body')} required validateStatus={status('body')} help={errors.body} style={{ marginBottom: 0 }}>
            <Input.TextArea
              ref={bodyRef}
              value={draft.body}
              autoSize={{ minRows: 8, maxRows: 18 }}
              placeholder={t('pushes.templates.bodyPlaceholder')}
              onChange={(event) => {
                editor.setField('body', event.target.value);
                track('body')(event);
              }}
              onSelect={track('body')}
              onFocus={track('body')}
              onBlur={() => editor.checkField('body')}
              data-testid="template-body"
            />
          </Form.Item>
          {editor.isSms && (
            <div className={styles.counter}>
              <Typography.Text type={editor.overSmsLimit ? 'danger' : 'secondary'} data-testid="template-sms-count">
                {t('pushes.templates.smsCount', { count: editor.bodyLength, max: SMS_MAX_CHARS })}
              </Typography.Text>
            </div>
          )}
        </Form>
        <TemplatePreviewPane editor={editor} />
      </div>
    </Modal>
  );
});
