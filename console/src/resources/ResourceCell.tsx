import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { FieldSpec, ResourceDefinition } from '@shared/resources';
import type { ResourceOptions } from './ResourceOptions';
import { valueLabel } from './resourceTexts';

/** How one field reads in a list cell. */
export function renderCell(t: TFunction, definition: ResourceDefinition, field: FieldSpec, value: unknown, options: ResourceOptions) {
  if (value === null || value === undefined || value === '') return <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>;
  switch (field.kind) {
    case 'flag':
      if (field.name === 'online') return <Tag color={value ? 'success' : 'default'}>{t(value ? 'resources.values.online' : 'resources.values.offline')}</Tag>;
      return value ? <Tag color="processing">{t('resources.values.yes')}</Tag> : t('resources.values.no');
    case 'enum':
      return valueLabel(t, definition, String(value));
    case 'date':
      // A day kept whole: a squeezed column wraps between cells, not inside 2026-11-25.
      return <span style={{ whiteSpace: 'nowrap' }}>{String(value)}</span>;
    case 'time':
      return new Date(Number(value)).toLocaleString();
    case 'colour':
      return (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: String(value), verticalAlign: 'middle' }} />
          {String(value)}
        </Space>
      );
    case 'picture':
      return <img src={String(value)} alt="" style={{ maxWidth: 64, maxHeight: 32, objectFit: 'contain', verticalAlign: 'middle' }} />;
    case 'ref':
      return options.nameOf(field.ref, value) ?? String(value);
    case 'refs':
      return (value as number[]).map((id) => <Tag key={id}>{options.nameOf(field.ref, id) ?? id}</Tag>);
    default:
      return String(value);
  }
}

/**
 * A list cell as its own observer: antd calls a column's render outside the page's render, so a cell that
 * names another resource re-renders itself when the picker options arrive (names replace the bare ids).
 */
export const ResourceCell = observer(function ResourceCell(props: {
  definition: ResourceDefinition;
  field: FieldSpec;
  value: unknown;
  options: ResourceOptions;
}) {
  const { t } = useTranslation();
  return <>{renderCell(t, props.definition, props.field, props.value, props.options)}</>;
});
