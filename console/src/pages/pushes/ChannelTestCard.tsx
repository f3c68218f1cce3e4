import { SendOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Form, Input, Select, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { PushChannel } from '@shared/schemas/pushes';
import type { ChannelSettingsController } from './ChannelSettingsController';
import { PlainText } from './PlainText';
import { ADDRESS_RULE_KEYS, testAddressProblem } from './testAddress';

interface ChannelTestCardProps {
  controller: ChannelSettingsController;
  /** The channels that can be tested here; a choice is offered when there is more than one. */
  channels: readonly PushChannel[];
  canSend: boolean;
}

/** Sends one message now through the saved settings and shows what the provider answered. */
export const ChannelTestCard = observer(function ChannelTestCard({ controller, channels, canSend }: ChannelTestCardProps) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<PushChannel>(channels[0] ?? 'email');
  const [address, setAddress] = useState('');
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const result = controller.testResult;

  const pick = (next: PushChannel) => {
    setChannel(next);
    setTemplateId(undefined);
    setProblem(null);
    controller.clearTest();
  };
  const send = async () => {
    const found = testAddressProblem(channel, address);
    setProblem(found && t(ADDRESS_RULE_KEYS[found]));
    if (!found) await controller.test(channel, address, templateId);
  };

  return (
    <Card size="small" title={t('pushes.test.title')} data-testid="channel-test">
      <Typography.Paragraph type="secondary">{t('pushes.test.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div" disabled={!canSend}>
        {channels.length > 1 && (
          <Form.Item label={t('pushes.test.channel')}>
            <Select
              value={channel}
              options={channels.map((value) => ({ value, label: t(`pushes.channels.${value}`) }))}
              onChange={pick}
              data-testid="test-channel"
            />
          </Form.Item>
        )}
        <Form.Item label={t(`pushes.test.address.${channel}`)} required validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input
            value={address}
            maxLength={200}
            placeholder={t(`pushes.test.addressPlaceholder.${channel}`)}
            onChange={(event) => {
              setAddress(event.target.value);
              setProblem(null);
            }}
            onPressEnter={() => void send()}
            data-testid="test-address"
          />
        </Form.Item>
        <Form.Item label={t('pushes.test.template')}>
          <Select<number>
            allowClear
            value={templateId}
            placeholder={t('pushes.test.builtInText')}
            options={controller.templatesOf(channel).map((template) => ({ value: template.id, label: template.name }))}
            onChange={setTemplateId}
            data-testid="test-template"
          />
        </Form.Item>
        {canSend && (
          <Button type="primary" icon={<SendOutlined />} loading={controller.testing} onClick={() => void send()} data-testid="test-send">
            {t('pushes.test.send')}
          </Button>
        )}
      </Form>
      {result && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginTop: 16 }}
          styles={{ label: { width: 130 } }}
          data-testid="test-result"
          items={[
            {
              key: 'ok',
              label: t('pushes.test.result'),
              children: (
                <Tag color={result.ok ? 'success' : 'error'} data-testid="test-result-ok">
                  {t(result.ok ? 'pushes.test.accepted' : 'pushes.test.refused')}
                </Tag>
              ),
            },
            { key: 'status', label: t('pushes.calls.status'), children: result.status ?? t('pushes.calls.noAnswer') },
            { key: 'duration', label: t('pushes.calls.duration'), children: t('pushes.calls.durationMs', { ms: withThousands(result.durationMs, 0) }) },
            { key: 'detail', label: t('pushes.calls.detail'), children: <PlainText text={result.detail || '—'} testId="test-result-detail" /> },
          ]}
        />
      )}
    </Card>
  );
});
