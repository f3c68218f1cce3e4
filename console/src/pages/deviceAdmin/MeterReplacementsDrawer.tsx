import { Alert, Divider, Drawer, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import { formatDateTime, formatQuantity, withThousands } from '@shared/format';
import type { MeterReplacement, MeterReplacementInput } from '@shared/schemas/energy';
import { useNotify } from '../../feedback/notify';
import { ReplacementForm } from './ReplacementForm';
import { ReplacementsController } from './ReplacementsController';

export interface MeterSummary {
  id: number;
  code: string;
  name: string;
  unit: string;
}

interface MeterReplacementsDrawerProps {
  api: EnergyApi;
  meter: MeterSummary;
  /** `/base/device/edit`: recording a replacement is a write; reading the list is not. */
  canRecord: boolean;
  onClose(): void;
}

const reading = (value: number | null) => (value === null ? '—' : withThousands(value, 3));

/** A meter's swaps: when, which serials, the readings at the cut, and the energy credited for it. */
export const MeterReplacementsDrawer = observer(function MeterReplacementsDrawer({ api, meter, canRecord, onClose }: MeterReplacementsDrawerProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [controller] = useState(() => new ReplacementsController(api, meter.id));
  useEffect(() => void controller.load(), [controller]);

  const record = async (body: MeterReplacementInput): Promise<boolean> => {
    const saved = await controller.record(body);
    if (saved) notify.success(t('deviceAdmin.replacements.recorded', { code: meter.code, energy: formatQuantity(saved.creditedEnergy, meter.unit) }));
    return saved !== null;
  };

  return (
    <Drawer
      open
      size={860}
      title={t('deviceAdmin.replacements.title', { code: meter.code, name: meter.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="replacements-drawer"
    >
      <Table<MeterReplacement>
        rowKey="_id"
        size="small"
        loading={controller.loading}
        dataSource={controller.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('deviceAdmin.replacements.none') }}
        data-testid="replacements-table"
        columns={[
          {
            key: 'replacedAt',
            title: t('deviceAdmin.replacements.when'),
            render: (_, row) => (
              <div style={{ whiteSpace: 'nowrap' }}>
                <div>{formatDateTime(row.replacedAt)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.user ?? '—'}
                </Typography.Text>
              </div>
            ),
          },
          { key: 'serials', title: t('deviceAdmin.replacements.serials'), render: (_, row) => `${row.oldSerial || '—'} → ${row.newSerial || '—'}` },
          {
            key: 'readings',
            title: t('deviceAdmin.replacements.readings'),
            align: 'right',
            render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{`${reading(row.oldFinalReading)} → ${reading(row.newInitialReading)}`}</span>,
          },
          {
            key: 'credited',
            title: t('deviceAdmin.replacements.credited'),
            align: 'right',
            render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatQuantity(row.creditedEnergy, meter.unit)}</span>,
          },
          {
            key: 'note',
            title: t('deviceAdmin.replacements.fields.note'),
            render: (_, row) => (
              <Typography.Paragraph style={{ margin: 0, maxWidth: 160 }} ellipsis={{ rows: 2, tooltip: row.note }}>
                {row.note || '—'}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
      {canRecord && (
        <>
          <Divider titlePlacement="start">{t('deviceAdmin.replacements.recordTitle')}</Divider>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('deviceAdmin.replacements.explain')} data-testid="replacement-explain" />
          <ReplacementForm unit={meter.unit} saving={controller.saving} onRecord={record} />
        </>
      )}
    </Drawer>
  );
});
