import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ActivateKeyFormProps {
  busy: boolean;
  /** Resolves true when the key was activated; the field is cleared then. */
  onActivate: (key: string) => Promise<boolean>;
}

/** Paste a key to activate it; the server's refusal (10009, 10010) arrives as the api toast. */
export function ActivateKeyForm({ busy, onActivate }: ActivateKeyFormProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const submit = async () => {
    if (key.trim() && (await onActivate(key))) setKey('');
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
      <Input
        value={key}
        onChange={(event) => setKey(event.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('integrations.activate.placeholder')}
        aria-label={t('integrations.activate.title')}
        allowClear
        data-testid="activate-key-input"
        style={{ fontFamily: key ? 'monospace' : undefined }}
      />
      <Button
        type="primary"
        icon={<CheckCircleOutlined />}
        loading={busy}
        disabled={!key.trim()}
        onClick={() => void submit()}
        data-testid="activate-key-submit"
      >
        {t('integrations.activate.submit')}
      </Button>
    </Space.Compact>
  );
}
