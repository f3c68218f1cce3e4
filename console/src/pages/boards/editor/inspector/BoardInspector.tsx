import { Form, Input, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BOARD_PURPOSES } from '@shared/board/document';
import { useMeterOptions } from '../../useMeterOptions';
import { sectionErrors } from '../editorIssues';
import type { EditorStore } from '../EditorStore';
import { fieldStatus } from './FieldHelp';

/** What the board is: name, description, purpose, its code, and for an equipment board the meter it is about. */
export const BoardInspector = observer(function BoardInspector({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const { meta } = store.document;
  const errors = sectionErrors(store.issues, null, 'meta');
  const meters = useMeterOptions(meta.purpose === 'equipment');

  return (
    <Form layout="vertical" component="div" data-testid="inspector-board">
      <Form.Item label={t('boardEditor.boardFields.name')} required {...fieldStatus(t, errors.name)}>
        <Input value={meta.name} maxLength={80} onChange={(event) => store.setMeta({ name: event.target.value })} data-testid="board-meta-name" />
      </Form.Item>
      <Form.Item label={t('boardEditor.boardFields.description')} {...fieldStatus(t, errors.description)}>
        <Input.TextArea
          value={meta.description}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => store.setMeta({ description: event.target.value })}
          data-testid="board-meta-description"
        />
      </Form.Item>
      <Form.Item label={t('boardEditor.boardFields.purpose')} {...fieldStatus(t, errors.purpose)}>
        <Select
          value={meta.purpose}
          onChange={(purpose) => store.setMeta(purpose === 'equipment' ? { purpose } : { purpose, equipmentMeterId: null })}
          options={BOARD_PURPOSES.map((purpose) => ({ value: purpose, label: t(`boardEditor.boardFields.purposes.${purpose}`) }))}
          data-testid="board-meta-purpose"
        />
      </Form.Item>
      {meta.purpose === 'equipment' && (
        <Form.Item label={t('boardEditor.boardFields.equipment')} required {...fieldStatus(t, errors.equipmentMeterId)}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('boardEditor.boardFields.chooseMeter')}
            value={meta.equipmentMeterId ?? undefined}
            onChange={(id?: number) => store.setMeta({ equipmentMeterId: id ?? null })}
            options={meters}
            data-testid="board-meta-equipment"
          />
        </Form.Item>
      )}
      <Form.Item label={t('boardEditor.boardFields.code')} extra={t('boardEditor.boardFields.codeHelp')} {...fieldStatus(t, errors.code)}>
        <Input value={meta.code} maxLength={40} allowClear onChange={(event) => store.setMeta({ code: event.target.value })} data-testid="board-meta-code" />
      </Form.Item>
    </Form>
  );
});
