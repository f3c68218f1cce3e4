import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { POWER_IMPORT_SCREEN } from '@shared/powerImports/constants';
import { ImportPanel } from './ImportPanel';
import { useImportScreen } from './useImportScreen';

/** /power-comparison/power-data-import: energy metered elsewhere, imported from a file, with its history and undo. */
export const PowerImportPage = observer(function PowerImportPage() {
  const { t } = useTranslation();
  const screen = useImportScreen('power');
  return (
    <Card title={t('powerImports.power.title')} data-testid="power-import-page">
      <Typography.Paragraph type="secondary">{t('powerImports.power.intro')}</Typography.Paragraph>
      <ImportPanel screen={screen} menu={POWER_IMPORT_SCREEN} />
    </Card>
  );
});
