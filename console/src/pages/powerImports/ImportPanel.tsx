import { Card } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../permissions/Permission';
import { ImportHistory } from './ImportHistory';
import { ImportWizard } from './ImportWizard';
import type { useImportScreen } from './useImportScreen';

/** The wizard (for holders of the screen's add or import button) above the screen's import history. */
export const ImportPanel = observer(function ImportPanel({ screen, menu }: { screen: ReturnType<typeof useImportScreen>; menu: string }) {
  const { t } = useTranslation();
  const can = usePermission(menu);
  return (
    <>
      {(can('add') || can('import')) && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <ImportWizard wizard={screen.wizard} loadObjects={screen.api.options} />
        </Card>
      )}
      <Card size="small" title={t('powerImports.history.title')}>
        <ImportHistory api={screen.api} list={screen.history} menu={menu} timeZone={screen.timeZone} />
      </Card>
    </>
  );
});
