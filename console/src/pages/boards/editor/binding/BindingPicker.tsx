import { Form, InputNumber, Select, TreeSelect, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Binding } from '@shared/board/document';
import { METRICS } from '@shared/metering/metrics';
import { ENERGY_TYPES } from '@shared/resources/meters';
import { ROLLUP_GRAINS } from '@shared/schemas/energy';
import type { BindingField } from '@boards/widgetDescriptor';
import { messageAt } from '../options/optionForm';
import { optionMessage } from '../options/optionMessage';
import { BINDING_FIELD_ORDER, LIST_OF_FIELD, MAX_PERIODS, MIN_PERIODS, setBindingField } from './bindingValue';
import { departmentChoices, selectChoices, type ResourceList } from './resourceChoices';
import { useResourceChoices } from './useResourceChoices';

interface BindingPickerProps {
  fields: readonly BindingField[];
  value: Binding;
  onChange(next: Binding): void;
  /** Dotted binding path ('meterIds', 'periods') → message, from validation or the server. */
  errors?: Readonly<Record<string, string>>;
}

const WIDE = { width: '100%' } as const;

/**
 * What a widget shows: the binding fields its descriptor offers, in a fixed order. Meters, departments and
 * sub-items come from the resource option lists (asked once per mount, only those offered); metric,
 * energy type and grain from the shared catalogues. A cleared field leaves the binding, so the widget's
 * own default applies.
 */
export function BindingPicker({ fields, value, onChange, errors }: BindingPickerProps) {
  const { t } = useTranslation();
  const offered = BINDING_FIELD_ORDER.filter((field) => fields.includes(field));
  const needed = offered.flatMap((field): ResourceList[] => (field in LIST_OF_FIELD ? [LIST_OF_FIELD[field as keyof typeof LIST_OF_FIELD]] : []));
  const { lists, loading } = useResourceChoices(needed);
  const meters = useMemo(() => selectChoices(lists.meters), [lists.meters]);
  const subitems = useMemo(() => selectChoices(lists.subitems), [lists.subitems]);
  const departments = useMemo(() => departmentChoices(lists.departments), [lists.departments]);

  if (offered.length === 0) return <Typography.Text type="secondary">{t('boardFields.binding.nothing')}</Typography.Text>;

  const set =
    <F extends BindingField>(field: F) =>
    (next: Binding[F] | null | undefined) =>
      onChange(setBindingField(value, field, next));
  const common = (field: BindingField) => ({ 'aria-label': t(`boardFields.binding.${field}`), 'data-testid': `binding-${field}` });
  const search = { optionFilterProp: 'label' } as const;

  const inputs: Record<BindingField, () => ReactNode> = {
    meterIds: () => (
      <Select<number[]>
        {...common('meterIds')}
        mode="multiple"
        allowClear
        showSearch={search}
        loading={loading}
        style={WIDE}
        maxTagCount="responsive"
        placeholder={t('boardFields.binding.chooseMeters')}
        options={meters}
        value={value.meterIds ?? []}
        onChange={set('meterIds')}
      />
    ),
    departmentIds: () => (
      <TreeSelect<{ value: number }[]>
        {...common('departmentIds')}
        treeData={departments}
        treeCheckable
        // A department and its child are separate figures, not "everything below".
        treeCheckStrictly
        treeDefaultExpandAll
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        showSearch={{ treeNodeFilterProp: 'title' }}
        allowClear
        loading={loading}
        style={WIDE}
        maxTagCount="responsive"
        placeholder={t('boardFields.binding.chooseDepartments')}
        value={(value.departmentIds ?? []).map((id) => ({ value: id }))}
        onChange={(next) => set('departmentIds')((next ?? []).map((entry) => entry.value))}
      />
    ),
    subitemIds: () => (
      <Select<number[]>
        {...common('subitemIds')}
        mode="multiple"
        allowClear
        showSearch={search}
        loading={loading}
        style={WIDE}
        maxTagCount="responsive"
        placeholder={t('boardFields.binding.chooseSubitems')}
        options={subitems}
        value={value.subitemIds ?? []}
        onChange={set('subitemIds')}
      />
    ),
    metric: () => (
      <Select<string>
        {...common('metric')}
        allowClear
        showSearch={search}
        style={WIDE}
        placeholder={t('boardFields.binding.defaultMetric')}
        options={METRICS.map((metric) => ({
          value: metric.code,
          label: metric.unit ? `${t(`boardFields.metrics.${metric.code}`)} (${metric.unit})` : t(`boardFields.metrics.${metric.code}`),
        }))}
        value={value.metric}
        onChange={set('metric')}
      />
    ),
    energyType: () => (
      <Select<string>
        {...common('energyType')}
        allowClear
        style={WIDE}
        placeholder={t('boardFields.binding.defaultEnergyType')}
        options={ENERGY_TYPES.map((type) => ({ value: type, label: t(`boardFields.binding.energyTypes.${type}`) }))}
        value={value.energyType}
        onChange={set('energyType')}
      />
    ),
    grain: () => (
      <Select<NonNullable<Binding['grain']>>
        {...common('grain')}
        allowClear
        style={WIDE}
        placeholder={t('boardFields.binding.defaultGrain')}
        options={ROLLUP_GRAINS.map((grain) => ({ value: grain, label: t(`boardFields.binding.grains.${grain}`) }))}
        value={value.grain}
        onChange={set('grain')}
      />
    ),
    periods: () => (
      <InputNumber<number>
        {...common('periods')}
        min={MIN_PERIODS}
        max={MAX_PERIODS}
        precision={0}
        style={WIDE}
        placeholder={t('boardFields.binding.defaultPeriods')}
        value={value.periods ?? null}
        onChange={(next) => set('periods')(typeof next === 'number' ? next : undefined)}
      />
    ),
  };

  return (
    <Form layout="vertical" component="div">
      {offered.map((field) => {
        // 'meterIds.3' (one id refused) shows under the meters too.
        const error = messageAt(errors ?? {}, field, true);
        return (
          <Form.Item
            key={field}
            label={t(`boardFields.binding.${field}`)}
            {...(error
              ? { validateStatus: 'error' as const, help: optionMessage(t, error) }
              : field === 'periods'
                ? { extra: t('boardFields.binding.periodsHelp') }
                : {})}
          >
            {inputs[field]()}
          </Form.Item>
        );
      })}
    </Form>
  );
}
