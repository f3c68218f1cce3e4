import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SettlementClose, SettlementDiffEntry } from '@shared/schemas/settlement';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import type { SettlementApi } from './settlementApi';
import { energyText, moneyText } from './settlementFormat';
import styles from './settlement.module.css';

const when = (ms: number | null) => (ms === null ? '–' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** The versions of a month, newest first, each with who closed or reopened it and its diff against the one before. */
export function VersionsDrawer({ month, api, onClose, reload }: { month: string; api: SettlementApi; onClose: () => void; reload: number }) {
  const { t } = useTranslation();
  const closes = useEnergyQuery(`versions-${month}-${reload}`, () => api.closes(month));
  const partLabel = (part: SettlementDiffEntry['part']) =>
    part === 'unpriced' || part === 'tier' || part === 'apportioned' || part === 'total' ? t(`settlement.parts.${part}`) : t(`settlement.bands.${part}`);

  const version = (close: SettlementClose) => (
    <div key={close.id} style={{ marginBottom: 24 }} data-testid={`version-${close.version}`}>
      <Typography.Title level={5}>
        {t('settlement.close.version')} {close.version}{' '}
        <Tag color={close.state === 'closed' ? 'blue' : 'default'}>
          {close.state === 'closed' ? t('settlement.close.closedShort') : t('settlement.close.reopened')}
        </Tag>
      </Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('settlement.close.closedBy')}>
          {close.closedBy ?? '–'} · {when(close.closedAt)}
        </Descriptions.Item>
        {close.state === 'reopened' && (
          <>
            <Descriptions.Item label={t('settlement.close.reopenedBy')}>
              {close.reopenedBy ?? '–'} · {when(close.reopenedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('settlement.close.reopenReason')}>{close.reopenReason}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('settlement.close.tariffs')}>
          {close.tariffVersions.length ? close.tariffVersions.map((v) => `${v.tariffName} (${v.validFrom} – ${v.validTo ?? '…'})`).join('; ') : '–'}
        </Descriptions.Item>
        {close.totals.map((total) => (
          <Descriptions.Item key={total.energyType} label={t(`settlement.energyTypes.${total.energyType}`, { defaultValue: total.energyType })}>
            <span className={styles.numeric}>
              {energyText(total.totalEnergy)} {total.unit} · {moneyText(total.totalCostMinor)}
            </span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 6px' }}>
        {t('settlement.close.diff')}
      </Typography.Text>
      {close.diff === null ? (
        <Typography.Text type="secondary">{t('settlement.close.noDiff')}</Typography.Text>
      ) : close.diff.length === 0 ? (
        <Typography.Text type="secondary">{t('settlement.close.sameFigures')}</Typography.Text>
      ) : (
        <Table<SettlementDiffEntry>
          size="small"
          bordered
          pagination={false}
          rowKey={(entry) => `${entry.key}-${entry.part}`}
          dataSource={close.diff}
          scroll={{ x: 'max-content' }}
          data-testid={`version-diff-${close.version}`}
          columns={[
            { key: 'name', title: t('settlement.columns.department'), render: (_, entry) => entry.name },
            { key: 'part', title: t('settlement.close.part'), render: (_, entry) => partLabel(entry.part) },
            {
              key: 'energy',
              title: `${t('settlement.close.before')} → ${t('settlement.close.after')}`,
              align: 'right',
              render: (_, entry) => (
                <span className={styles.numeric}>
                  {energyText(entry.energyBefore)} → {energyText(entry.energyAfter)}
                </span>
              ),
            },
            {
              key: 'cost',
              title: t('settlement.columns.cost'),
              align: 'right',
              render: (_, entry) => (
                <span className={styles.numeric}>
                  {moneyText(entry.costMinorBefore)} → {moneyText(entry.costMinorAfter)}
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  );

  return (
    <Drawer open size={640} title={t('settlement.close.versionsTitle', { month })} onClose={onClose} destroyOnHidden data-testid="versions-drawer">
      {closes.data?.length ? closes.data.map(version) : !closes.loading && <Empty description={t('settlement.close.noVersions')} />}
    </Drawer>
  );
}
