import { Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceOption } from '@shared/resources';
import type { DepartmentTreeOption } from '../shared/departmentTree';
import { ITEM_SCOPES, type ItemScope } from './scopeItems';

interface ScopeItemPickerProps {
  scope: ItemScope;
  onScope: (scope: ItemScope) => void;
  items: number[];
  onItems: (ids: number[]) => void;
  departmentOptions: DepartmentTreeOption[];
  /** Sub-items or meters, for those scopes. */
  options: readonly ResourceOption[];
  loading: boolean;
}

/** What to compare: the scope, then one or more of its items (departments from the tree, each node on its own). */
export function ScopeItemPicker({ scope, onScope, items, onItems, departmentOptions, options, loading }: ScopeItemPickerProps) {
  const { t } = useTranslation();
  const common = {
    style: { minWidth: 260, maxWidth: 520 },
    maxTagCount: 'responsive' as const,
    allowClear: true,
    loading,
    placeholder: t(`analysis.basic.choose.${scope}`),
    'aria-label': t('analysis.basic.items'),
    'data-testid': 'basic-items',
  };
  return (
    <>
      <Select<ItemScope>
        value={scope}
        onChange={onScope}
        style={{ width: 140 }}
        aria-label={t('analysis.basic.scope')}
        options={ITEM_SCOPES.map((value) => ({ value, label: t(`analysis.scope.${value}`) }))}
        data-testid="basic-scope"
      />
      {scope === 'department' ? (
        <TreeSelect<{ value: number }[]>
          {...common}
          treeData={departmentOptions}
          treeCheckable
          // A parent and its child are separate figures here, not "everything below".
          treeCheckStrictly
          treeDefaultExpandAll
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          showSearch={{ treeNodeFilterProp: 'title' }}
          popupMatchSelectWidth={false}
          value={items.map((value) => ({ value }))}
          onChange={(values) => onItems((values ?? []).map((entry) => entry.value))}
        />
      ) : (
        <Select<number[]>
          {...common}
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          value={items}
          onChange={onItems}
          options={options.map((option) => ({ value: option.id, label: option.name }))}
        />
      )}
    </>
  );
}
