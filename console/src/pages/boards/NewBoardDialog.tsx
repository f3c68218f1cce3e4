import { Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BOARD_PURPOSES, MAX_DESIGN_SIZE, MIN_DESIGN_SIZE } from '@shared/board/document';
import type { BoardRecord } from '@shared/schemas/boards';
import type { BoardsController } from './BoardsController';
import { DESIGN_SIZE_PRESETS, emptyBoardDocument, NEW_BOARD_DRAFT, newBoardErrors, type NewBoardDraft } from './newBoard';
import { ruleText } from './ruleText';
import { useMeterOptions } from './useMeterOptions';

interface NewBoardDialogProps {
  boards: BoardsController;
  onCreated(record: BoardRecord): void;
  onClose(): void;
}

/** Name, purpose and design size of a new, empty board; creating it opens the editor. */
export const NewBoardDialog = observer(function NewBoardDialog({ boards, onCreated, onClose }: NewBoardDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewBoardDraft>();
  const size = Form.useWatch('size', form) ?? NEW_BOARD_DRAFT.size;
  const purpose = Form.useWatch('purpose', form) ?? NEW_BOARD_DRAFT.purpose;
  const meters = useMeterOptions(purpose === 'equipment');

  const showErrors = (errors: Partial<Record<keyof NewBoardDraft, string>>) =>
    form.setFields(
      Object.entries(errors).map(([field, message]) => ({ name: field as keyof NewBoardDraft, errors: message ? [ruleText(t, message, field)] : [] })),
    );

  const create = async () => {
    const draft: NewBoardDraft = { ...NEW_BOARD_DRAFT, ...form.getFieldsValue(true) };
    const errors = newBoardErrors(draft);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    const result = await boards.create(emptyBoardDocument(draft));
    if (result.ok) onCreated(result.record);
    else showErrors(Object.fromEntries(result.issues.map((issue) => [issue.field.replace(/^meta\./, ''), issue.message])));
  };

  return (
    <Modal
      open
      title={t('displays.newBoard.title')}
      okText={t('displays.newBoard.submit')}
      cancelText={t('displays.actions.cancel')}
      onOk={() => void create()}
      onCancel={onClose}
      mask={{ closable: false }}
      okButtonProps={{ loading: boards.busy, 'data-testid': 'board-new-ok' }}
      data-testid="board-new-dialog"
    >
      <Form<NewBoardDraft>
        form={form}
        layout="vertical"
        initialValues={NEW_BOARD_DRAFT}
        onValuesChange={(changed) => showErrors(Object.fromEntries(Object.keys(changed).map((field) => [field, undefined])))}
      >
        <Form.Item name="name" label={t('displays.newBoard.name')} required>
          <Input autoFocus maxLength={80} placeholder={t('displays.newBoard.namePlaceholder')} data-testid="board-new-name" />
        </Form.Item>
        <Form.Item name="purpose" label={t('displays.newBoard.purpose')}>
          <Select options={BOARD_PURPOSES.map((value) => ({ value, label: t(`displays.boards.purposes.${value}`) }))} data-testid="board-new-purpose" />
        </Form.Item>
        {purpose === 'equipment' && (
          <Form.Item name="equipmentMeterId" label={t('displays.newBoard.equipment')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('displays.newBoard.chooseMeter')}
              options={meters}
              data-testid="board-new-equipment"
            />
          </Form.Item>
        )}
        <Form.Item name="size" label={t('displays.newBoard.size')} extra={t('displays.newBoard.sizeNote')}>
          <Select
            options={[
              ...DESIGN_SIZE_PRESETS.map((preset) => ({
                value: preset.key,
                label: t('displays.boards.sizeValue', { width: preset.width, height: preset.height }),
              })),
              { value: 'custom', label: t('displays.newBoard.custom') },
            ]}
            data-testid="board-new-size"
          />
        </Form.Item>
        {size === 'custom' && (
          <Space size={12} align="start">
            <Form.Item name="width" label={t('displays.newBoard.width')}>
              <InputNumber min={MIN_DESIGN_SIZE} max={MAX_DESIGN_SIZE} precision={0} data-testid="board-new-width" />
            </Form.Item>
            <Typography.Text style={{ lineHeight: '32px', marginTop: 30 }}>×</Typography.Text>
            <Form.Item name="height" label={t('displays.newBoard.height')}>
              <InputNumber min={MIN_DESIGN_SIZE} max={MAX_DESIGN_SIZE} precision={0} data-testid="board-new-height" />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
});
