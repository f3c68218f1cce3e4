import { Card, Divider, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import type { MeterLatest } from '@shared/schemas/energy';
import { agoText } from '../../i18n/agoText';
import { metricLabel } from './meterMetrics';
import styles from './MeterDataPage.module.css';

/** The chosen meter at a glance: online or not, when it last reported, and each metric's latest value. */
export const LatestValues = observer(function LatestValues({ latest, loading }: { latest: MeterLatest | null; loading: boolean }) {
  const { t } = useTranslation();
  if (!latest) {
    return loading ? (
      <Card size="small">
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      </Card>
    ) : null;
  }
  const { meter, online, lastSeenAt, values } = latest;
  return (
    <Card size="small" title={t('meterData.latest.title')} data-testid="meter-latest">
      <div className={styles.latest}>
        <div className={styles.latestMeter}>
          <Typography.Text strong data-testid="meter-latest-meter">
            {meter.code} {meter.name}
          </Typography.Text>
          <span>
            <Tag color={online ? 'success' : 'default'} data-testid="meter-latest-state">
              {t(online ? 'meterData.latest.online' : 'meterData.latest.offline')}
            </Tag>
            <Tooltip title={formatDateTime(lastSeenAt)}>
              <Typography.Text type="secondary" data-testid="meter-latest-seen">
                {lastSeenAt === null ? t('meterData.latest.neverSeen') : t('meterData.latest.lastSeen', { ago: agoText(t, lastSeenAt) })}
              </Typography.Text>
            </Tooltip>
          </span>
        </div>
        <Divider orientation="vertical" style={{ height: 40, margin: 0 }} />
        {values.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('meterData.latest.noValues')} style={{ margin: 0 }} />
        ) : (
          values.map((reading) => (
            <Tooltip key={reading.code} title={formatDateTime(reading.ts)}>
              <div className={styles.latestValue} data-testid={`meter-latest-${reading.code}`}>
                <Typography.Text type="secondary">{metricLabel(t, reading.code)}</Typography.Text>
                <Typography.Text strong className={styles.latestFigure}>
                  {withThousands(reading.value, 3)}
                  {reading.unit && <span className={styles.unit}>{reading.unit}</span>}
                </Typography.Text>
              </div>
            </Tooltip>
          ))
        )}
      </div>
    </Card>
  );
});
