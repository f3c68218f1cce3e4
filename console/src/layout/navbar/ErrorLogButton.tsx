import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';
import { ErrorLogDialog } from './ErrorLogDialog';

const BUILD = import.meta.env.PROD ? 'production' : 'development';

/** Spec §2/§3: the error log, shown in the configured build (settings.errorLog) and whenever errors exist. */
export const ErrorLogButton = observer(function ErrorLogButton() {
  const { errorLog, settings } = useStores();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!settings.errorLogShown(BUILD, errorLog.count)) return null;
  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={errorLog.count} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            data-testid="error-log"
            aria-label={t('navbar.errorLog')}
            icon={<BugOutlined />}
            danger={errorLog.count > 0}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
});
