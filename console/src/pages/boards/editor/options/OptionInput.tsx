import { Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { departmentChoices, selectChoices } from '../binding/resourceChoices';
import { ColourInput } from './ColourInput';
import { choiceLabel } from './fieldLabels';
import { JsonInput } from './JsonInput';
import type { OptionField } from './optionFields';
import { testId, type OptionForm } from './optionForm';
import type { OptionPath } from './optionValues';

interface OptionInputProps {
  field: OptionField;
  path: OptionPath;
  value: unknown;
  form: OptionForm;
  /** The field's translated label: the input's accessible name. */
  label: string;
}

const WIDE = { width: '100%' } as const;
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asNumbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : []);

/** The input of one plain option (not a list of objects or a group): the kind picks the antd control. */
export function OptionInput({ field, path, value, form, label }: OptionInputProps) {
  const { i18n } = useTranslation();
  const set = (next: unknown) => form.set(path, next);
  const common = { 'aria-label': label, 'data-testid': testId(form, path) };

  switch (field.kind) {
    case 'text':
      return field.multiline ? (
        <Input.TextArea
          {...common}
          value={asString(value)}
          onChange={(event) => set(event.target.value)}
          maxLength={field.maxLength}
          autoSize={{ minRows: 2, maxRows: 8 }}
        />
      ) : (
        <Input {...common} value={asString(value)} onChange={(event) => set(event.target.value)} maxLength={field.maxLength} />
      );
    case 'colour':
      return <ColourInput value={asString(value)} onChange={set} optional={field.optional} testId={common['data-testid']} label={label} />;
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          style={WIDE}
          value={typeof value === 'number' ? value : null}
          min={field.min}
          max={field.max}
          {...(field.integer ? { precision: 0 } : {})}
          // Cleared: null where the option takes null (no band), else the schema's default again.
          onChange={(next) => set(typeof next === 'number' ? next : field.nullable ? null : undefined)}
        />
      );
    case 'switch':
      return <Switch {...common} checked={value === true} onChange={set} />;
    case 'choice':
      return (
        <Select<string>
          {...common}
          style={WIDE}
          value={typeof value === 'string' ? value : undefined}
          onChange={set}
          options={field.values.map((choice) => ({ value: choice, label: choiceLabel(i18n, field.name, choice) }))}
        />
      );
    case 'choices':
      return (
        <Select<string[]>
          {...common}
          mode="multiple"
          style={WIDE}
          // The order chosen is the order shown (alarm counters).
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={set}
          options={field.values.map((choice) => ({ value: choice, label: choiceLabel(i18n, field.name, choice) }))}
        />
      );
    case 'ref':
    case 'refs':
      return <ResourceInput field={field} value={value} form={form} common={common} onChange={set} />;
    default:
      return <JsonInput value={value} onChange={set} testId={common['data-testid']} label={label} />;
  }
}

interface ResourceInputProps {
  field: Extract<OptionField, { kind: 'ref' | 'refs' }>;
  value: unknown;
  form: OptionForm;
  common: { 'aria-label': string; 'data-testid': string };
  onChange(next: unknown): void;
}

/** A meter, department or sub-item option, chosen from what the server lets this user see. */
function ResourceInput({ field, value, form, common, onChange }: ResourceInputProps) {
  const { t } = useTranslation();
  const many = field.kind === 'refs';
  const options = form.lists[field.ref];
  const shared = { ...common, style: WIDE, allowClear: true, loading: form.loading, placeholder: t('boardFields.form.search') };
  if (field.ref === 'departments') {
    const treeData = departmentChoices(options);
    return many ? (
      <TreeSelect<{ value: number }[]>
        {...shared}
        treeData={treeData}
        treeCheckable
        treeCheckStrictly
        treeDefaultExpandAll
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        showSearch={{ treeNodeFilterProp: 'title' }}
        value={asNumbers(value).map((id) => ({ value: id }))}
        onChange={(next) => onChange((next ?? []).map((entry) => entry.value))}
      />
    ) : (
      <TreeSelect<number>
        {...shared}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        value={typeof value === 'number' ? value : undefined}
        onChange={(next) => onChange(next ?? undefined)}
      />
    );
  }
  const choices = selectChoices(options);
  return many ? (
    <Select<number[]>
      {...shared}
      mode="multiple"
      showSearch={{ optionFilterProp: 'label' }}
      options={choices}
      value={asNumbers(value)}
      onChange={(next) => onChange(next ?? [])}
    />
  ) : (
    <Select<number>
      {...shared}
      showSearch={{ optionFilterProp: 'label' }}
      options={choices}
      // Ids are positive: 0 is an option's "none chosen" (the report table's definition).
      value={typeof value === 'number' && value > 0 ? value : undefined}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}
