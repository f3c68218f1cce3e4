import { ControlOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '@shared/resources';
import { productionDeviceResource } from '@shared/resources/productionDevices';
import { productLineResource } from '@shared/resources/productLines';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useStores } from '../../stores/StoreContext';
import { LineEquipment } from './LineEquipment';
import { LineMetersEditor } from './LineMetersEditor';
import styles from './production.module.css';

/** /energyLine/product-line: the lines (resource list) and, for the line chosen, its meter allocation and equipment. */
export const ProductLinePage = observer(function ProductLinePage() {
  const { t } = useTranslation();
  const root = useStores();
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  const seesDevices = root.permission.hasRoute(productionDeviceResource.menu);

  return (
    <div className={styles.page} data-testid="product-line-page">
      <ResourceListPage
        definition={productLineResource}
        rowActions={(row: ResourceRow) => (
          <Button
            type="link"
            size="small"
            icon={<ControlOutlined />}
            onClick={() => setChosen({ id: row.id, label: `${String(row.name)} (${String(row.code)})` })}
            data-testid={`line-open-${row.id}`}
          >
            {t('production.line.open')}
          </Button>
        )}
      />
      {chosen ? (
        <div className={styles.pair} key={chosen.id}>
          <Card size="small" title={t('production.line.metersOf', { line: chosen.label })}>
            <LineMetersEditor lineId={chosen.id} />
          </Card>
          {seesDevices && (
            <Card size="small" title={t('production.line.equipmentOf', { line: chosen.label })}>
              <LineEquipment lineId={chosen.id} />
            </Card>
          )}
        </div>
      ) : (
        <Typography.Text type="secondary">{t('production.line.choose')}</Typography.Text>
      )}
    </div>
  );
});
