import { Form, Input, Modal, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { boardEditorPath } from './boardLinks';
import type { MeterChoices } from './MeterChoices';
import type { NewBoardFields } from './newBoardDocument';
import { newBoardErrors, serverNewBoardErrors, type NewBoardErrors, type NewBoardField } from './newBoardRules';
import type { PurposeBoardsController } from './PurposeBoardsController';
import { purposeText, type PurposeScreen } from './purposes';

interface NewBoardDialogProps {
  screen: PurposeScreen;
  boards: PurposeBoardsController;
  meters: MeterChoices;
  onClose: () => void;
}

const EMPTY: NewBoardFields = { name: '', code: '', equipmentMeterId: null };

/** "New <purpose> board": the few fields the purpose needs, then the editor opens on the empty board. */
export const NewBoardDialog = observer(function NewBoardDialog({ screen, boards, meters, onClose }: NewBoardDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [fields, setFields] = useState<NewBoardFields>(EMPTY);
  const [errors, setErrors] = useState<NewBoardErrors>({});
  const [saving, setSaving] = useState(false);

  const change = <K extends NewBoardField>(field: K, value: NewBoardFields[K]) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const create = async () => {
    const found = newBoardErrors(t, screen, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const created = await boards.create(fields);
      onClose();
      navigate(boardEditorPath(created.id));
    } catch (error) {
      // The api toast said why; field problems also show under their field.
      setErrors(serverNewBoardErrors(t, error));
      setSaving(false);
    }
  };

  const status = (field: NewBoardField) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});

  return (
    <Modal
      open
      title={t(purposeText(screen.purpose, 'newBoard'))}
      okText={t('boardScreens.create.ok')}
      cancelText={t('boardScreens.actions.cancel')}
      onOk={() => void create()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'new-board-ok' }}
      destroyOnHidden
      data-testid="new-board-dialog"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('boardScreens.create.name')} required {...status('name')}>
          <Input
            value={fields.name}
            maxLength={80}
            placeholder={t('boardScreens.create.namePlaceholder')}
            onChange={(event) => change('name', event.target.value)}
            onPressEnter={() => void create()}
            data-testid="new-board-name"
          />
        </Form.Item>
        {screen.needsCode && (
          <Form.Item label={t('boardScreens.create.code')} required extra={t('boardScreens.create.codeHelp')} {...status('code')}>
            <Input
              value={fields.code}
              maxLength={40}
              placeholder={t('boardScreens.create.codePlaceholder')}
              onChange={(event) => change('code', event.target.value)}
              onPressEnter={() => void create()}
              data-testid="new-board-code"
            />
          </Form.Item>
        )}
        {screen.needsMeter && (
          <Form.Item label={t('boardScreens.create.meter')} required {...status('equipmentMeterId')}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              value={fields.equipmentMeterId ?? undefined}
              placeholder={t('boardScreens.create.meterPlaceholder')}
              options={meters.selectOptions}
              loading={!meters.loaded}
              onChange={(value) => change('equipmentMeterId', value)}
              data-testid="new-board-meter"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
});
