import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { FilterSpec, ResourceDefinition } from '@shared/resources';
import type { ResourceList } from './resourceList';
import type { ResourceOptions } from './ResourceOptions';
import { fieldLabel, valueLabel } from './resourceTexts';

/** One select per list filter of the definition (the toolbar holds the keyword search). */
export const ResourceFilters = observer(function ResourceFilters(props: {
  definition: ResourceDefinition;
  list: ResourceList;
  options: ResourceOptions;
  hidden?: readonly string[];
}) {
  const { definition, list, options, hidden = [] } = props;
  const { t } = useTranslation();
  const choices = (filter: FilterSpec): { value: string | number; label: string }[] => {
    if (filter.kind === 'ref') return options.of(filter.ref).map((o) => ({ value: o.id, label: o.name }));
    if (filter.kind === 'flag')
      return [true, false].map((value) => ({
        value: String(value),
        label: t(`resources.values.${filter.name === 'online' ? (value ? 'online' : 'offline') : value ? 'yes' : 'no'}`),
      }));
    return (filter.values ?? []).map((value) => ({ value, label: valueLabel(t, definition, value) }));
  };
  return (
    <>
      {definition.listFilters
        .filter((filter) => !hidden.includes(filter.name))
        .map((filter) => (
          <Select<string | number>
            key={filter.name}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={fieldLabel(t, definition, filter.name)}
            options={choices(filter)}
            value={list.filters[filter.name] as string | number | undefined}
            onChange={(value) => void list.setFilter(filter.name, value)}
            data-testid={`resource-filter-${filter.name}`}
          />
        ))}
    </>
  );
});
