import { Button, Card, Flex, InputNumber, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, RUN_STATES, type ReportFormat, type RunState } from '@shared/reports/constants';
import type { ReportDefinitionView, ReportDeliveryView, ReportRunView } from '@shared/reports/types';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { AdminOnly } from '../../permissions/AdminOnly';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { saveFile } from '../meterData/saveFile';
import { isActive, RunProgress } from './GenerateDialog';
import { createReportsApi, type ReportsApi, type RunFilters } from './reportsApi';
import { fileSize, periodText } from './reportsFormat';
import { ReportLinksTable, ShareReportButton } from './sharing';
import styles from './reports.module.css';

const gate = { menu: '/report/reportList' };
/** How often the list asks again while a file is queued or being generated. */
export const RUN_REFRESH_MS = 2000;

/** /report/reportList: the generated files (paged, filtered), their progress, deliveries and public links; retention for admins. */
export const ReportListPage = observer(function ReportListPage() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createReportsApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<RunFilters, ReportRunView>((query) => api.runs(query), {}));
  const [definitions, setDefinitions] = useState<ReportDefinitionView[]>([]);
  const active = list.rows.some(isActive);

  useEffect(() => void list.load(), [list]);
  useEffect(() => {
    api
      .definitions({ page: 1, size: 200 })
      .then((page) => setDefinitions(page.rows ?? []))
      .catch(() => setDefinitions([]));
  }, [api]);
  // While anything is queued or running, the list asks again; every answer schedules the next ask.
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void list.load(), RUN_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [active, list, list.rows]);

  const download = async (run: ReportRunView) => {
    saveFile(await api.runFile(run.id), run.fileName);
    void list.load();
  };

  const columns: TableColumnsType<ReportRunView> = [
    {
      key: 'name',
      title: t('reports.runs.name'),
      render: (_, run) => (
        <div className={styles.stack}>
          <CutText text={run.name} maxWidth={220} />
          <Typography.Text type="secondary">
            <CutText text={run.requestedBy} maxWidth={220} type="secondary" />
          </Typography.Text>
        </div>
      ),
    },
    { key: 'format', title: t('reports.runs.format'), width: 70, render: (_, run) => <Tag>{t(`reports.formats.${run.format}`)}</Tag> },
    {
      key: 'period',
      title: t('reports.runs.period'),
      render: (_, run) => (
        <div className={styles.stack}>
          {periodText(run.period).map((part) => (
            <span key={part}>{part}</span>
          ))}
        </div>
      ),
    },
    {
      key: 'state',
      title: t('reports.runs.state'),
      width: 170,
      render: (_, run) =>
        isActive(run) || run.state === 'failed' ? (
          <RunProgress run={run} compact />
        ) : (
          <Tag data-testid={`run-state-${run.id}`} color={run.state === 'done' ? 'success' : undefined}>
            {t(`reports.states.${run.state}`)}
          </Tag>
        ),
    },
    {
      key: 'size',
      title: t('reports.runs.size'),
      align: 'right',
      render: (_, run) => <span style={{ whiteSpace: 'nowrap' }}>{run.state === 'done' ? fileSize(run.sizeBytes) : '—'}</span>,
    },
    { key: 'downloads', title: t('reports.runs.downloads'), dataIndex: 'downloads', align: 'right', width: 90 },
    { key: 'created', title: t('reports.runs.created'), render: (_, run) => <DateTimeText at={run.createdAt} /> },
    { key: 'expires', title: t('reports.runs.expires'), render: (_, run) => <DateTimeText at={run.expiresAt} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, run) => (
        <Flex gap={0} wrap align="center">
          <RowActions
            gate={gate}
            actions={[
              run.state === 'done' && { label: t('reports.runs.download'), onClick: () => void download(run), testId: `run-download-${run.id}` },
              isActive(run) && {
                button: 'edit',
                label: t('reports.runs.cancel'),
                danger: true,
                confirm: t('reports.runs.cancelConfirm'),
                onClick: () => void list.change(() => api.cancelRun(run.id)),
                testId: `run-cancel-${run.id}`,
              },
              {
                button: 'delete',
                label: t('reports.runs.delete'),
                danger: true,
                confirm: t('reports.runs.deleteConfirm'),
                onClick: () => void list.change(() => api.removeRun(run.id)),
                testId: `run-delete-${run.id}`,
              },
            ]}
          />
          {run.state === 'done' && (
            <Permission menu={gate.menu} button="edit">
              <ShareReportButton target="run" runId={run.id} look="link" />
            </Permission>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <Card title={t('reports.runs.title')} extra={<RetentionSetting api={api} />} data-testid="report-list">
        <ListToolbar
          list={list}
          testId="runs"
          filters={
            <>
              <Select<RunState>
                allowClear
                style={{ width: 140 }}
                placeholder={t('reports.runs.filterState')}
                value={list.filters.state}
                onChange={(state) => void list.setFilter('state', state)}
                options={RUN_STATES.map((value) => ({ value, label: t(`reports.states.${value}`) }))}
                data-testid="runs-filter-state"
              />
              <Select<ReportFormat>
                allowClear
                style={{ width: 120 }}
                placeholder={t('reports.runs.filterFormat')}
                value={list.filters.format}
                onChange={(format) => void list.setFilter('format', format)}
                options={REPORT_FORMATS.map((value) => ({ value, label: t(`reports.formats.${value}`) }))}
                data-testid="runs-filter-format"
              />
              <Select<number>
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: 220 }}
                placeholder={t('reports.runs.filterDefinition')}
                value={list.filters.definitionId}
                onChange={(definitionId) => void list.setFilter('definitionId', definitionId)}
                options={definitions.map((definition) => ({ value: definition.id, label: definition.name }))}
                data-testid="runs-filter-definition"
              />
            </>
          }
        />
        <ListTable
          list={list}
          rowKey="id"
          columns={columns}
          testId="runs-table"
          emptyText={t('reports.runs.empty')}
          totalText={(total, count) => t('reports.runs.total', { total, count })}
          rowAttributes={(run) => ({ 'data-testid': `run-row-${run.id}` })}
          expandable={{ expandedRowRender: (run) => <RunDetails api={api} run={run} />, rowExpandable: (run) => run.state !== 'queued' }}
        />
      </Card>
    </div>
  );
});

/** A run's e-mail deliveries (recipient, mode, state, attempts, last answer) and its public links. */
function RunDetails({ api, run }: { api: ReportsApi; run: ReportRunView }) {
  const { t } = useTranslation();
  const [deliveries, setDeliveries] = useState<ReportDeliveryView[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .deliveries({ runId: run.id })
      .then((rows) => live && setDeliveries(rows))
      .catch(() => live && setDeliveries([]));
    return () => {
      live = false;
    };
  }, [api, run.id]);
  const columns: TableColumnsType<ReportDeliveryView> = [
    { key: 'recipient', title: t('reports.runs.recipient'), render: (_, delivery) => <CutText text={delivery.recipient} maxWidth={240} /> },
    { key: 'mode', title: t('reports.runs.mode'), render: (_, delivery) => t(`reports.runs.modes.${delivery.mode}`) },
    { key: 'state', title: t('reports.runs.deliveryState'), render: (_, delivery) => <Tag>{t(`reports.runs.deliveryStates.${delivery.state}`)}</Tag> },
    { key: 'attempts', title: t('reports.runs.attempts'), dataIndex: 'attempts', align: 'right' },
    { key: 'detail', title: t('reports.runs.lastDetail'), render: (_, delivery) => <CutText text={delivery.lastDetail} maxWidth={300} /> },
  ];
  return (
    <Flex vertical gap={8} data-testid={`run-details-${run.id}`}>
      {run.error && <Typography.Text type="danger">{t('reports.runs.error', { error: run.error })}</Typography.Text>}
      <Typography.Text strong>{t('reports.runs.deliveries')}</Typography.Text>
      <Table<ReportDeliveryView>
        size="small"
        rowKey="id"
        loading={deliveries === null}
        columns={columns}
        dataSource={deliveries ?? []}
        pagination={false}
        locale={{ emptyText: t('reports.runs.noDeliveries') }}
        data-testid={`run-deliveries-${run.id}`}
      />
      <Typography.Text strong>{t('reports.runs.links')}</Typography.Text>
      <ReportLinksTable runId={run.id} />
    </Flex>
  );
}

/** The retention setting: how many days generated files are kept (administrators only; the server checks too). */
function RetentionSetting({ api }: { api: ReportsApi }) {
  return (
    <AdminOnly>
      <RetentionForm api={api} />
    </AdminOnly>
  );
}

function RetentionForm({ api }: { api: ReportsApi }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [days, setDays] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api
      .settings()
      .then((settings) => setDays(settings.retentionDays))
      .catch(() => setDays(null));
  }, [api]);
  const save = async () => {
    if (!days) return;
    setSaving(true);
    try {
      const saved = await api.saveSettings({ retentionDays: days });
      setDays(saved.retentionDays);
      notify.success(t('reports.retention.saved'));
    } catch {
      // the api toast has said why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space size="small" data-testid="retention">
      <span>{t('reports.retention.label')}</span>
      <InputNumber
        min={1}
        max={3650}
        precision={0}
        value={days}
        onChange={setDays}
        suffix={t('reports.retention.unit')}
        style={{ width: 120 }}
        data-testid="retention-days"
      />
      <Button size="small" loading={saving} disabled={!days} onClick={() => void save()} data-testid="retention-save">
        {t('reports.retention.save')}
      </Button>
    </Space>
  );
}
