import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (and react-markdown with it) loads on the first click.
const HelpDrawer = lazy(() => import('./HelpDrawer').then((m) => ({ default: m.HelpDrawer })));

/** The navbar's "?": opens the help centre for any signed-in user. */
export function HelpButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('inquiry.help.open')}>
        <Button type="text" icon={<QuestionCircleOutlined />} aria-label={t('inquiry.help.open')} onClick={() => setOpen(true)} data-testid="help-button" />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <HelpDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
