import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { ALARM_KINDS, type AlarmStats } from '@shared/schemas/alarms';
import { EChart } from '../../../charts/EChart';
import { humanDuration } from '../shared/alarmTexts';
import styles from '../shared/alarms.module.css';
import { RangeFilter } from '../shared/RangeFilter';
import { useAlarmsApi } from '../shared/useAlarmsApi';
import { AlarmStatsController } from './AlarmStatsController';
import { byDayOption, KIND_COLOURS, severityOption } from './statsCharts';

// In CSS pixels before the large-screen zoom: a third of the screen at 768 px and at 2160 px.
const CHART_HEIGHT = 'clamp(280px, 20vh, 440px)';
type TopSubject = AlarmStats['topSubjects'][number];

/** One figure card; `testId` names it for the tests. */
function Figure({ title, value, testId, colour }: { title: string; value: string; testId: string; colour?: string }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value} styles={{ content: colour ? { color: colour } : {} }} />
    </Card>
  );
}

/** others/alarm: how many alarms, of which kind and severity, per day; who raised most; how fast they were handled. */
export const AlarmStatsPage = observer(function AlarmStatsPage() {
  const { t } = useTranslation();
  const api = useAlarmsApi();
  const [controller] = useState(() => new AlarmStatsController(api));
  useEffect(() => void controller.load(), [controller]);
  const { stats } = controller;
  const byDay = useMemo(() => (stats ? byDayOption(stats, (kind) => t(`alarms.kind.${kind}`)) : null), [stats, t]);
  const bySeverity = useMemo(() => (stats ? severityOption(stats, (severity) => t(`alarms.severity.${severity}`)) : null), [stats, t]);
  const mean = (ms: number | null | undefined) => (ms === null || ms === undefined ? t('alarms.stats.noneHandled') : humanDuration(t, ms));
  const totals = controller.totalsByKind;

  return (
    <div className={styles.page} data-testid="alarm-stats">
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <RangeFilter
            required
            from={controller.from}
            to={controller.to}
            onChange={(from, to) => from !== undefined && to !== undefined && void controller.setRange(from, to)}
            testId="alarm-stats-range"
          />
          <Button icon={<ReloadOutlined />} loading={controller.loading} onClick={() => void controller.load()} data-testid="alarm-stats-refresh">
            {t('alarms.actions.refresh')}
          </Button>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} xl={4}>
          <Figure title={t('alarms.stats.total')} value={withThousands(stats?.total ?? 0, 0)} testId="alarm-stats-total" />
        </Col>
        {ALARM_KINDS.map((kind) => (
          <Col xs={12} md={8} xl={4} key={kind}>
            <Figure title={t(`alarms.kind.${kind}`)} value={withThousands(totals[kind], 0)} colour={KIND_COLOURS[kind]} testId={`alarm-stats-kind-${kind}`} />
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Figure title={t('alarms.stats.open')} value={withThousands(stats?.byState.open ?? 0, 0)} testId="alarm-stats-open" />
        </Col>
        <Col xs={24} md={12}>
          <Figure title={t('alarms.stats.meanAcknowledge')} value={mean(stats?.meanAcknowledgeMs)} testId="alarm-stats-mean-acknowledge" />
        </Col>
        <Col xs={24} md={12}>
          <Figure title={t('alarms.stats.meanProcess')} value={mean(stats?.meanProcessMs)} testId="alarm-stats-mean-process" />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('alarms.stats.byDay')}>
            {byDay ? <EChart option={byDay} height={CHART_HEIGHT} loading={controller.loading} ariaLabel={t('alarms.stats.byDay')} /> : <Empty />}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('alarms.stats.bySeverity')}>
            {bySeverity && stats?.total ? (
              <EChart option={bySeverity} height={CHART_HEIGHT} ariaLabel={t('alarms.stats.bySeverity')} />
            ) : (
              <Empty description={t('alarms.stats.noAlarms')} style={{ height: CHART_HEIGHT, alignContent: 'center' }} />
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('alarms.stats.topSubjects')}>
        <Table<TopSubject>
          rowKey={(subject) => `${subject.type}:${subject.id}`}
          size="small"
          pagination={false}
          data-testid="alarm-stats-top"
          dataSource={stats?.topSubjects ?? []}
          locale={{ emptyText: t('alarms.stats.noAlarms') }}
          columns={[
            { key: 'rank', title: '#', width: 48, render: (_, __, index) => index + 1 },
            { key: 'name', title: t('alarms.columns.subject'), render: (_, subject) => subject.name },
            { key: 'type', title: t('alarms.stats.subjectType'), render: (_, subject) => t(`alarms.subjectType.${subject.type}`) },
            { key: 'count', title: t('alarms.stats.count'), align: 'right', render: (_, subject) => withThousands(subject.count, 0) },
          ]}
        />
      </Card>
    </div>
  );
});
