import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';

/** SMS used this month against the monthly allowance: "used / allowed", red once it is used up. */
export function SmsUsage({ used, allowed }: { used: number; allowed: number }) {
  const { t } = useTranslation();
  const exhausted = used >= allowed;
  return (
    <Space size={8} data-testid="sms-usage">
      <Typography.Text type={exhausted ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {t('pushes.contacts.usage', { used: withThousands(used, 0), allowed: withThousands(allowed, 0) })}
      </Typography.Text>
      {allowed > 0 && <Progress percent={Math.min(100, (used / allowed) * 100)} size={[80, 6]} showInfo={false} status={exhausted ? 'exception' : 'normal'} />}
    </Space>
  );
}
