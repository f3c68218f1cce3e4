import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
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
    case 'time':
      return new Date(Number(value)).toLocaleString();
    case 'colour':
      return (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: String(value), verticalAlign: 'middle' }} />
          {String(value)}
        </Space>
      );
    case 'ref':
      return options.nameOf(field.ref, value) ?? String(value);
    case 'refs':
      return (value as number[]).map((id) => <Tag key={id}>{options.nameOf(field.ref, id) ?? id}</Tag>);
    default:
      return String(value);
  }
}
