import { Card, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity, withThousands } from '@shared/format';
import { ListTable } from '../../../lists/ListTable';
import { usePermission } from '../../../permissions/Permission';
import { ListToolbar } from '../../../lists/ListToolbar';
import { RowActions } from '../../../lists/RowActions';
import type { ThresholdRule } from '@shared/schemas/alarms';
import { useNotify } from '../../../feedback/notify';
import { ResourceOptions } from '../../../resources/ResourceOptions';
import { useStores } from '../../../stores/StoreContext';
import { SeverityTag } from '../shared/AlarmTags';
import styles from '../shared/alarms.module.css';
import { useAlarmsApi } from '../shared/useAlarmsApi';
import type { RuleFocus } from './ruleForm';
import { metricOptionLabel } from './ruleMetrics';
import { SCOPE_OPTIONS, ThresholdRuleDialog } from './ThresholdRuleDialog';
import { ThresholdRulesController } from './ThresholdRulesController';

const PICKERS = Object.values(SCOPE_OPTIONS).map((ref) => ({ ref }));

interface ThresholdRulesPageProps {
  /** The screen's menu full path: its `<menu>/add|edit|delete` buttons decide what is offered. */
  menu: string;
  focus?: RuleFocus;
}

/** Threshold rules: list, add/edit dialog (with the knee-point suggestion for meters) and delete. */
export const ThresholdRulesPage = observer(function ThresholdRulesPage({ menu, focus }: ThresholdRulesPageProps) {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = useAlarmsApi();
  const [rules] = useState(() => new ThresholdRulesController(api, focus));
  const [options] = useState(() => new ResourceOptions(root.http));
  const [editing, setEditing] = useState<{ rule?: ThresholdRule } | null>(null);
  const gate = { menu };
  const can = usePermission(menu);

  useEffect(() => {
    void rules.load();
    void options.load(PICKERS);
  }, [rules, options]);

  const remove = async (rule: ThresholdRule) => {
    if (await rules.remove([rule.id])) notify.success(t('alarms.rules.deleted', { name: rule.name }));
  };
  const limit = (value: number | null, unit: string) =>
    value === null ? <Typography.Text type="secondary">—</Typography.Text> : <span className={styles.nowrap}>{formatQuantity(value, unit)}</span>;

  const columns: TableColumnsType<ThresholdRule> = [
    {
      key: 'name',
      title: t('alarms.rules.fields.name'),
      // Severity and on/off under the name keep the table within a 1366 px screen.
      render: (_, rule) => (
        <div>
          <Typography.Text strong>{rule.name}</Typography.Text>
          <div style={{ marginTop: 4 }}>
            <SeverityTag severity={rule.severity} />
            {rule.enabled ? <Tag color="success">{t('alarms.rules.on')}</Tag> : <Tag>{t('alarms.rules.off')}</Tag>}
          </div>
        </div>
      ),
    },
    {
      key: 'scope',
      title: t('alarms.rules.fields.scope'),
      render: (_, rule) => (
        <div>
          <div>{rule.scopeName}</div>
          <Typography.Text type="secondary" className={styles.muted}>
            {t(`alarms.rules.scope.${rule.scope}`)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'metric', title: t('alarms.rules.fields.metric'), render: (_, rule) => metricOptionLabel(t, rule.metric) },
    { key: 'over', title: t('alarms.rules.fields.over'), align: 'right', render: (_, rule) => limit(rule.over, rule.unit) },
    { key: 'under', title: t('alarms.rules.fields.under'), align: 'right', render: (_, rule) => limit(rule.under, rule.unit) },
    { key: 'duration', title: t('alarms.rules.fields.duration'), align: 'right', render: (_, rule) => `${withThousands(rule.durationS, 0)} s` },
    { key: 'hysteresis', title: t('alarms.rules.fields.hysteresis'), align: 'right', render: (_, rule) => limit(rule.hysteresis, rule.unit) },
    ...(can('edit') || can('delete')
      ? [
          {
            key: 'actions',
            title: t('alarms.columns.actions'),
            render: (_: unknown, rule: ThresholdRule) => (
              <RowActions
                gate={gate}
                actions={[
                  { button: 'edit', label: t('alarms.actions.edit'), onClick: () => setEditing({ rule }), testId: `rule-edit-${rule.id}` },
                  {
                    button: 'delete',
                    label: t('alarms.actions.delete'),
                    danger: true,
                    confirm: t('alarms.rules.deleteConfirm', { name: rule.name }),
                    confirmTestId: 'rule-delete-confirm',
                    onClick: () => void remove(rule),
                    testId: `rule-delete-${rule.id}`,
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card data-testid="threshold-rules">
      <Typography.Paragraph type="secondary">{t(focus ? 'alarms.rules.introPower' : 'alarms.rules.intro')}</Typography.Paragraph>
      <ListToolbar
        list={rules.list}
        gate={gate}
        testId="rule"
        searchPlaceholder={t('alarms.rules.search')}
        onAdd={() => setEditing({})}
        addLabel={t('alarms.rules.add')}
      />
      <ListTable<ThresholdRule>
        list={rules.list}
        rowKey="id"
        testId="rule-table"
        columns={columns}
        rowAttributes={(rule) => ({ 'data-testid': `rule-row-${rule.id}` })}
        emptyText={t('alarms.rules.none')}
        totalText={(total) => t('alarms.total', { total })}
      />
      {editing && <ThresholdRuleDialog rules={rules} options={options} rule={editing.rule} onClose={() => setEditing(null)} />}
    </Card>
  );
});

export const AlarmThresholdPage = () => <ThresholdRulesPage menu="/alarm-management/threshold" />;
export const PowerThresholdPage = () => <ThresholdRulesPage menu="/devices/power-thresholds" focus={{ scope: 'meter', metric: 'kw' }} />;
