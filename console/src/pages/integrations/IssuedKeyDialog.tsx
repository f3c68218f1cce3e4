import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedInterfaceKey } from '@shared/api/interfacesApi';
import { copyText } from './copyText';

interface IssuedKeyDialogProps {
  issued: IssuedInterfaceKey;
  onClose: () => void;
}

/** The one time the full key is on screen: copy it, then it is gone (only its last characters remain). */
export function IssuedKeyDialog({ issued, onClose }: IssuedKeyDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const copy = async () => {
    if (await copyText(issued.key)) void message.success(t('integrations.issued.copied'));
    else void message.warning(t('integrations.issued.copyFailed'));
  };

  return (
    <Modal
      open
      title={t('integrations.issued.title')}
      onCancel={onClose}
      // A click beside the dialog must not throw the key away unseen.
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="issued-key-done">
          {t('integrations.issued.done')}
        </Button>
      }
      data-testid="issued-key-dialog"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('integrations.issued.warning')} data-testid="issued-key-warning" />
        <Typography.Text strong>{issued.name}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={issued.key}
            onFocus={(event) => event.target.select()}
            aria-label={t('integrations.keys.key')}
            data-testid="issued-key"
            style={{ fontFamily: 'monospace' }}
          />
          <Button icon={<CopyOutlined />} onClick={copy} data-testid="issued-key-copy">
            {t('integrations.issued.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">{t('integrations.issued.nextStep')}</Typography.Text>
      </Space>
    </Modal>
  );
}
