import { ColorPicker, Input, InputNumber, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { FieldSpec, ResourceDefinition } from '@shared/resources';
import { PictureField } from './PictureField';
import type { ResourceOptions } from './ResourceOptions';
import { valueLabel } from './resourceTexts';

interface FieldInputProps {
  definition: ResourceDefinition;
  field: FieldSpec;
  options: ResourceOptions;
  /** value, onChange, onBlur and id come from the surrounding Form.Item. */
  [injected: string]: unknown;
}

/** The editing widget of one field kind. Form.Item hands in value and handlers; they pass straight on. */
export const FieldInput = observer(function FieldInput({ definition, field, options, ...injected }: FieldInputProps) {
  const { t } = useTranslation();
  const props = { ...injected, 'data-testid': `field-${field.name}` };
  switch (field.kind) {
    case 'number':
      return <InputNumber {...props} style={{ width: '100%' }} />;
    case 'enum':
      return <Select {...props} options={(field.values ?? []).map((value) => ({ value, label: valueLabel(t, definition, value) }))} />;
    case 'flag':
      return <Switch {...props} />;
    case 'date':
      return <Input {...props} placeholder="YYYY-MM-DD" />;
    case 'colour':
      return <ColorPicker {...props} showText disabledAlpha />;
    case 'multiline':
      return <Input.TextArea {...props} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'markdown':
      return <Input.TextArea {...props} autoSize={{ minRows: 8, maxRows: 20 }} style={{ fontFamily: 'monospace' }} />;
    case 'picture':
      return <PictureField {...props} />;
    case 'ref':
    case 'refs': {
      const choices = options.of(field.ref).map((option) => ({ value: option.id, label: option.name }));
      return (
        <Select
          {...props}
          {...(field.kind === 'refs' ? { mode: 'multiple' as const } : {})}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={choices}
          placeholder={t('resources.actions.choose')}
        />
      );
    }
    default:
      return <Input {...props} />;
  }
});
