import { DeleteOutlined, ReloadOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DisplayRecord } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import type { DisplaysController } from './DisplaysController';

interface DisplayRowActionsProps {
  display: DisplayRecord;
  displays: DisplaysController;
  onSwitch(): void;
}

/** Switch board and reload reach a live wall; a revoked one can only be deleted. */
export const DisplayRowActions = observer(function DisplayRowActions({ display, displays, onSwitch }: DisplayRowActionsProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const busy = displays.pending.has(display.id);
  const revoked = display.revokedAt !== null;
  const id = display.id;

  const reload = async () => {
    if (await displays.reload(id)) notify.success(t('displays.displays.reloadSent'));
  };
  const revoke = async () => {
    if (await displays.revoke(id)) notify.success(t('displays.displays.revokedDone'));
  };
  const remove = async () => {
    if (await displays.remove(id)) notify.success(t('displays.displays.deleted'));
  };

  return (
    <Space size={0}>
      {!revoked && (
        <>
          <Button type="link" size="small" icon={<SwapOutlined />} disabled={busy} onClick={onSwitch} data-testid={`display-switch-${id}`}>
            {t('displays.displays.switchBoard')}
          </Button>
          <Button type="link" size="small" icon={<ReloadOutlined />} disabled={busy} onClick={() => void reload()} data-testid={`display-reload-${id}`}>
            {t('displays.displays.reload')}
          </Button>
          <Popconfirm
            title={t('displays.displays.confirmRevoke', { name: display.name })}
            onConfirm={revoke}
            okText={t('displays.displays.revoke')}
            cancelText={t('displays.actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'display-revoke-confirm' }}
          >
            <Button type="link" size="small" danger icon={<StopOutlined />} disabled={busy} data-testid={`display-revoke-${id}`}>
              {t('displays.displays.revoke')}
            </Button>
          </Popconfirm>
        </>
      )}
      <Popconfirm
        title={t('displays.displays.confirmDelete', { name: display.name })}
        onConfirm={remove}
        okText={t('displays.actions.delete')}
        cancelText={t('displays.actions.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'display-delete-confirm' }}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={busy} data-testid={`display-delete-${id}`}>
          {t('displays.actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
});
