import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartmentTreeOption } from './departmentTree';

interface DepartmentPickerProps {
  options: DepartmentTreeOption[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  loading?: boolean;
  /** Offer "no department" (the whole site) through the clear button. */
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
}

/** One department chosen from the tree. */
export function DepartmentPicker({
  options,
  value,
  onChange,
  loading = false,
  allowClear = false,
  placeholder,
  testId = 'analysis-department',
}: DepartmentPickerProps) {
  const { t } = useTranslation();
  return (
    <TreeSelect<number>
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      treeData={options}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      loading={loading}
      placeholder={placeholder ?? t('analysis.department.choose')}
      aria-label={t('analysis.department.label')}
      style={{ width: 240 }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
