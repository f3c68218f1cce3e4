import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Progress, Segmented, Select, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementBy, SettlementExportJob, SettlementExportRequest } from '@shared/schemas/settlement';
import { useStores } from '../../stores/StoreContext';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { saveFile } from '../meterData/saveFile';
import { createSettlementApi } from './settlementApi';
import styles from './settlement.module.css';

const POLL_MS = 500;
type Lang = 'en' | 'zh' | 'es';

/** /settlement/energy-export: a period's settlement as XLSX (a sheet per energy type) or CSV, as a job with progress. */
export function SettlementExportPage() {
  const { t, i18n } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createSettlementApi(root.http), [root.http]);
  const departments = useDepartmentTree();
  const [kind, setKind] = useState<'month' | 'range'>('month');
  const [month, setMonth] = useState<Dayjs>(() => dayjs().subtract(1, 'month').startOf('month'));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')]);
  const [departmentIds, setDepartmentIds] = useState<number[]>([]);
  const [by, setBy] = useState<SettlementBy>('department');
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [lang, setLang] = useState<Lang>(() => (['en', 'zh', 'es'].includes(i18n.language) ? (i18n.language as Lang) : 'en'));
  const [job, setJob] = useState<SettlementExportJob | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = (id: string) => {
    timer.current = setTimeout(() => {
      api
        .exportProgress(id)
        .then((next) => {
          setJob(next);
          if (next.state === 'running') poll(id);
        })
        .catch(() => setJob((previous) => previous && { ...previous, state: 'failed', error: previous.error ?? '' }));
    }, POLL_MS);
  };

  const start = async () => {
    clearTimeout(timer.current);
    setStarting(true);
    const body: SettlementExportRequest = {
      ...(kind === 'month' ? { month: month.format('YYYY-MM') } : { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }),
      by,
      format,
      lang,
      ...(departmentIds.length ? { departmentIds } : {}),
    };
    try {
      const started = await api.startExport(body);
      setJob(started);
      if (started.state === 'running') poll(started.id);
    } catch {
      // the http client has shown the server's message
    } finally {
      setStarting(false);
    }
  };

  const download = async () => {
    if (job?.state !== 'done') return;
    saveFile(await api.exportFile(job.id), job.fileName);
  };

  return (
    <div className={styles.page} data-testid="settlement-export">
      <Card size="small" title={t('settlement.export.title')}>
        <Form layout="vertical" style={{ maxWidth: 720 }}>
          <Form.Item label={t('settlement.period.month')}>
            <Space wrap>
              <Segmented<'month' | 'range'>
                value={kind}
                onChange={setKind}
                options={[
                  { value: 'month', label: t('settlement.period.month') },
                  { value: 'range', label: t('settlement.period.range') },
                ]}
              />
              {kind === 'month' ? (
                <DatePicker picker="month" value={month} allowClear={false} onChange={(value) => value && setMonth(value)} data-testid="export-month" />
              ) : (
                <DatePicker.RangePicker value={range} allowClear={false} onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])} />
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t('settlement.period.departments')}>
            <TreeSelect
              treeData={departments.options}
              value={departmentIds}
              onChange={(value: number[]) => setDepartmentIds(value)}
              multiple
              allowClear
              treeDefaultExpandAll
              placeholder={t('settlement.period.allDepartments')}
              data-testid="export-departments"
            />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item label={t('settlement.export.by')}>
              <Segmented<SettlementBy>
                value={by}
                onChange={setBy}
                options={[
                  { value: 'department', label: t('settlement.export.byDepartment') },
                  { value: 'meter', label: t('settlement.export.byMeter') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('settlement.export.format')}>
              <Segmented<'xlsx' | 'csv'>
                value={format}
                onChange={setFormat}
                options={[
                  { value: 'xlsx', label: 'XLSX' },
                  { value: 'csv', label: 'CSV' },
                ]}
                data-testid="export-format"
              />
            </Form.Item>
            <Form.Item label={t('settlement.export.language')}>
              <Select<Lang>
                style={{ width: 140 }}
                value={lang}
                onChange={setLang}
                options={(['en', 'zh', 'es'] as const).map((value) => ({ value, label: t(`settlement.languages.${value}`) }))}
                data-testid="export-language"
              />
            </Form.Item>
          </Space>
          {/* Its own row under the fields: inline after the Space it lined up with their labels, not their controls. */}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={starting || job?.state === 'running'}
              onClick={() => void start()}
              data-testid="export-start"
            >
              {t('settlement.export.start')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {job && (
        <Card size="small" data-testid="export-job">
          <Progress percent={Math.round(job.progress * 100)} status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'} />
          {job.state === 'running' && <span>{t('settlement.export.running', { percent: Math.round(job.progress * 100) })}</span>}
          {job.state === 'done' && (
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void download()} data-testid="export-download">
              {t('settlement.export.download', { file: job.fileName })}
            </Button>
          )}
          {job.state === 'failed' && <Alert type="error" title={t('settlement.export.failed', { error: job.error ?? '' })} />}
        </Card>
      )}
    </div>
  );
}
