import { MailOutlined, MessageOutlined, WechatOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushChannel } from '@shared/schemas/pushes';

const LOOK: Record<PushChannel, { color: string; icon: React.ReactNode }> = {
  email: { color: 'blue', icon: <MailOutlined /> },
  sms: { color: 'gold', icon: <MessageOutlined /> },
  wechat: { color: 'green', icon: <WechatOutlined /> },
};

/** A channel as a coloured tag with its icon. */
export function ChannelTag({ channel }: { channel: PushChannel }) {
  const { t } = useTranslation();
  return (
    <Tag color={LOOK[channel].color} icon={LOOK[channel].icon} data-channel={channel}>
      {t(`pushes.channels.${channel}`)}
    </Tag>
  );
}
