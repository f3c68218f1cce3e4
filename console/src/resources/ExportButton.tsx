import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isResourceLanguage, type ExportFormat, type ResourceApi, type ResourceDefinition } from '@shared/resources';
import { saveFile } from '../pages/meterData/saveFile';

/** Export of the list as filtered now (CSV or XLSX), headed in the reader's language; anyone who sees the list may. */
export function ExportButton({
  definition,
  api,
  query,
}: {
  definition: ResourceDefinition;
  api: Pick<ResourceApi, 'exportFile'>;
  query: () => Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const lang = isResourceLanguage(i18n.language) ? i18n.language : 'en';
      saveFile(await api.exportFile(query(), format, lang), `${definition.path}-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch {
      // The api hook showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: <span data-testid="resource-export-csv">{t('resources.exchange.exportCsv')}</span> },
          { key: 'xlsx', label: <span data-testid="resource-export-xlsx">{t('resources.exchange.exportXlsx')}</span> },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="resource-export">
        {t('resources.exchange.export')}
      </Button>
    </Dropdown>
  );
}
