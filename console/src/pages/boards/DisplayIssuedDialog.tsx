import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayCreated } from '@shared/schemas/boards';
import { copyText } from '../integrations/copyText';
import styles from './BoardConfig.module.css';
import { absoluteLink } from './wallLinks';

interface DisplayIssuedDialogProps {
  issued: DisplayCreated;
  onClose(): void;
}

/** The one time the token is on screen: the kiosk link that carries it, and the token itself, each with copy. */
export function DisplayIssuedDialog({ issued, onClose }: DisplayIssuedDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const link = absoluteLink(issued.link);

  const copy = async (text: string) => {
    if (await copyText(text)) void message.success(t('displays.actions.copied'));
    else void message.warning(t('displays.actions.copyFailed'));
  };
  const field = (label: string, value: string, testId: string) => (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value} onFocus={(event) => event.target.select()} aria-label={label} className={styles.mono} data-testid={testId} />
        <Button icon={<CopyOutlined />} onClick={() => void copy(value)} data-testid={`${testId}-copy`}>
          {t('displays.actions.copy')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );

  return (
    <Modal
      open
      width="min(680px, 92vw)"
      title={t('displays.issued.title')}
      onCancel={onClose}
      // A click beside the dialog must not throw the token away unseen.
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="display-issued-done">
          {t('displays.issued.done')}
        </Button>
      }
      data-testid="display-issued-dialog"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('displays.issued.warning')} data-testid="display-issued-warning" />
        <Typography.Text strong>{issued.display.name}</Typography.Text>
        <Form layout="vertical" component="div">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {field(t('displays.issued.link'), link, 'display-issued-link')}
            {field(t('displays.issued.token'), issued.token, 'display-issued-token')}
          </Space>
        </Form>
        <Typography.Text type="secondary">{t('displays.issued.nextStep')}</Typography.Text>
      </Space>
    </Modal>
  );
}
