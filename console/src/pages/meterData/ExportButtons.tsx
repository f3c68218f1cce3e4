import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@shared/schemas/energy';
import type { MeterExportJob } from './MeterExportJob';

/** Export the readings on screen; usable once a query found some, one export at a time. */
export const ExportButtons = observer(function ExportButtons({
  enabled,
  exportJob,
  onExport,
}: {
  enabled: boolean;
  exportJob: MeterExportJob;
  onExport: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation();
  const button = (format: ExportFormat) => (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={!enabled || exportJob.busy}
      onClick={() => onExport(format)}
      data-testid={`meter-data-export-${format}`}
    >
      {t(format === 'csv' ? 'meterData.toolbar.exportCsv' : 'meterData.toolbar.exportXlsx')}
    </Button>
  );
  return (
    <Flex gap={8}>
      {button('csv')}
      {button('xlsx')}
    </Flex>
  );
});
