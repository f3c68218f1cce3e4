import { Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { createResourceApi, type ResourceRow } from '@shared/resources';
import { productionDeviceResource } from '@shared/resources/productionDevices';
import { fieldLabel } from '../../resources/resourceTexts';
import { useStores } from '../../stores/StoreContext';
import { fixedText } from './productionFormat';

/** The production devices whose line is this one, read-only; they are edited on their own screen. */
export function LineEquipment({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createResourceApi(root.http, productionDeviceResource), [root.http]);
  const [rows, setRows] = useState<ResourceRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .list({ lineId, page: 1, size: 100 })
      .then((page) => current && setRows(page.rows))
      .catch(() => current && setRows([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, lineId]);

  const label = (field: string) => fieldLabel(t, productionDeviceResource, field);
  return (
    <div data-testid="line-equipment">
      <Table<ResourceRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('production.equipment.none') }}
        columns={[
          { key: 'code', title: label('code'), dataIndex: 'code' },
          { key: 'name', title: label('name'), dataIndex: 'name' },
          { key: 'rated', title: label('ratedPowerKw'), align: 'right', render: (_, row) => fixedText(Number(row.ratedPowerKw), 1) },
        ]}
      />
      <Typography.Paragraph style={{ margin: '8px 0 0' }}>
        <Link to={productionDeviceResource.menu} data-testid="line-equipment-link">
          {t('production.equipment.open')}
        </Link>
      </Typography.Paragraph>
    </div>
  );
}
