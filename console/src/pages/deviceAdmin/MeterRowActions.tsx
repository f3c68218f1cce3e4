import { HistoryOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ResourceRow } from '@shared/resources';
import type { MeterSummary } from './MeterReplacementsDrawer';

/** Where a meter's readings are charted and listed. */
export const meterHistoryPath = (meterId: number) => `/base/meterData?meterId=${meterId}`;

export const meterSummary = (row: ResourceRow): MeterSummary => ({
  id: row.id,
  code: String(row.code ?? ''),
  name: String(row.name ?? ''),
  unit: String(row.unit ?? ''),
});

/**
 * The meter list's extra row actions: its replacement record and its reading history. Icons with a
 * tooltip, so the actions column still leaves room for every meter column at 1366 px.
 */
export function MeterRowActions({ row, onReplacements }: { row: ResourceRow; onReplacements(meter: MeterSummary): void }) {
  const { t } = useTranslation();
  const replacements = t('deviceAdmin.meters.replacements');
  const history = t('deviceAdmin.meters.history');
  return (
    <>
      <Tooltip title={replacements}>
        <Button
          type="link"
          size="small"
          icon={<SwapOutlined />}
          aria-label={replacements}
          onClick={() => onReplacements(meterSummary(row))}
          data-testid={`meter-replacements-${row.id}`}
        />
      </Tooltip>
      <Tooltip title={history}>
        <Link to={meterHistoryPath(row.id)} aria-label={history} data-testid={`meter-history-${row.id}`} style={{ padding: '0 7px' }}>
          <HistoryOutlined />
        </Link>
      </Tooltip>
    </>
  );
}
