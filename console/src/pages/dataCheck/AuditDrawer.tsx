import { Drawer, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import { formatDateTime, withThousands } from '@shared/format';
import type { AuditEntry } from '@shared/schemas/energy';

interface AuditDrawerProps {
  api: Pick<EnergyApi, 'audit'>;
  entity: string;
  entityId: number;
  title: string;
  onClose(): void;
}

/** A detail value as plain text (never HTML): numbers grouped, strings as they are, anything else as JSON. */
const detailValue = (value: unknown): string => {
  if (typeof value === 'number') return withThousands(value, 3);
  if (value === '' || value === null || value === undefined) return '—';
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
};

/** Who did what to one record, and when: the entries the server wrote with each decision. */
export function AuditDrawer({ api, entity, entityId, title, onClose }: AuditDrawerProps) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    api
      .audit(entity, entityId)
      .then((rows) => current && setEntries(rows))
      .catch(() => undefined) // the api hook shows the server's message
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, entity, entityId]);

  return (
    <Drawer open size={640} title={title} onClose={onClose} destroyOnHidden data-testid="audit-drawer">
      <Table<AuditEntry>
        rowKey="_id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={entries}
        locale={{ emptyText: t('dataQuality.audit.empty') }}
        data-testid="audit-table"
        columns={[
          { key: 'at', title: t('dataQuality.audit.at'), width: 170, render: (_, entry) => formatDateTime(entry.at) },
          { key: 'user', title: t('dataQuality.audit.user'), width: 110, render: (_, entry) => entry.user ?? t('dataQuality.audit.system') },
          {
            key: 'action',
            title: t('dataQuality.audit.action'),
            width: 110,
            render: (_, entry) => t([`dataQuality.audit.actions.${entry.action}`], { defaultValue: entry.action }),
          },
          {
            key: 'detail',
            title: t('dataQuality.audit.detail'),
            render: (_, entry) =>
              Object.entries(entry.detail).map(([key, value]) => (
                <Typography.Text key={key} style={{ display: 'block', fontSize: 12 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t([`dataQuality.audit.details.${key}`], { defaultValue: key })}:
                  </Typography.Text>{' '}
                  {detailValue(value)}
                </Typography.Text>
              )),
          },
        ]}
      />
    </Drawer>
  );
}
