import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Form, Modal, Progress, Segmented, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAPER_ORIENTATIONS, PAPER_SIZES, PERIOD_PRESETS, REPORT_FORMATS, REPORT_LANGS, type ReportFormat, type ReportLang } from '@shared/reports/constants';
import type { Paper, ReportPeriod, ReportRunRequest } from '@shared/reports/spec';
import type { ReportDefinitionView, ReportRunView } from '@shared/reports/types';
import { saveFile } from '../meterData/saveFile';
import { fileSize } from './reportsFormat';
import type { ReportsApi } from './reportsApi';

const POLL_MS = 700;
type PeriodChoice = ReportPeriod['preset'] | 'definition';

/** Whether a run is still being worked on (the list and the dialog keep asking). */
export const isActive = (run: Pick<ReportRunView, 'state'>) => run.state === 'queued' || run.state === 'running';

/** A run's state as a progress bar with its text: queued/running with the percentage, done, failed, cancelled. */
export function RunProgress({ run, compact = false }: { run: ReportRunView; compact?: boolean }) {
  const { t } = useTranslation();
  const percent = Math.round((run.state === 'done' ? 1 : run.progress) * 100);
  const status = run.state === 'failed' ? 'exception' : run.state === 'done' ? 'success' : run.state === 'cancelled' ? 'normal' : 'active';
  return (
    <div data-testid={`run-progress-${run.id}`} data-state={run.state}>
      {(isActive(run) || !compact) && <Progress percent={percent} size="small" status={status} />}
      <span>
        {run.state === 'queued' && t('reports.generate.queued')}
        {run.state === 'running' && t('reports.generate.running', { percent })}
        {run.state === 'done' && (compact ? t('reports.states.done') : t('reports.generate.done', { file: run.fileName, size: fileSize(run.sizeBytes) }))}
        {run.state === 'failed' && t('reports.generate.failed', { error: run.error ?? '' })}
        {run.state === 'cancelled' && t('reports.generate.cancelled')}
      </span>
    </div>
  );
}

interface GenerateDialogProps {
  api: ReportsApi;
  definition: ReportDefinitionView;
  onClose(): void;
}

/**
 * Generate one file of a definition: format, period (the definition's own, a preset or a custom range),
 * language and paper; then the run's progress (polled), with cancel, and the download when it is done.
 */
export function GenerateDialog({ api, definition, onClose }: GenerateDialogProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  const [periodChoice, setPeriodChoice] = useState<PeriodChoice>('definition');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')]);
  const [lang, setLang] = useState<ReportLang>(definition.spec.lang);
  const [paper, setPaper] = useState<Paper>(definition.spec.paper);
  const [run, setRun] = useState<ReportRunView | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = (id: number) => {
    timer.current = setTimeout(() => {
      api
        .run(id)
        .then((next) => {
          setRun(next);
          if (isActive(next)) poll(id);
        })
        .catch(() => poll(id));
    }, POLL_MS);
  };

  const request = (): ReportRunRequest => {
    const period: ReportPeriod | undefined =
      periodChoice === 'definition'
        ? undefined
        : periodChoice === 'custom'
          ? { preset: 'custom', from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }
          : { preset: periodChoice };
    return { definitionId: definition.id, format, lang, ...(period ? { period } : {}), ...(format === 'pdf' ? { paper } : {}) };
  };

  const start = async () => {
    clearTimeout(timer.current);
    setStarting(true);
    try {
      const created = await api.createRun(request());
      setRun(created);
      if (isActive(created)) poll(created.id);
    } catch {
      // the api toast has said why
    } finally {
      setStarting(false);
    }
  };

  const cancel = async () => {
    if (!run) return;
    try {
      setRun(await api.cancelRun(run.id));
    } catch {
      // the api toast has said why; polling goes on
    }
  };

  const download = async () => {
    if (run?.state !== 'done') return;
    saveFile(await api.runFile(run.id), run.fileName);
  };

  return (
    <Modal
      open
      title={t('reports.generate.title', { name: definition.name })}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} data-testid="generate-close">
            {t('reports.generate.close')}
          </Button>
          <Button type="primary" loading={starting || (run !== null && isActive(run))} onClick={() => void start()} data-testid="generate-start">
            {t('reports.generate.start')}
          </Button>
        </Space>
      }
      data-testid="generate-dialog"
    >
      <Form layout="vertical" size="small">
        <Form.Item label={t('reports.generate.format')}>
          <Segmented<ReportFormat>
            value={format}
            onChange={setFormat}
            options={REPORT_FORMATS.map((value) => ({ value, label: t(`reports.formats.${value}`) }))}
            data-testid="generate-format"
          />
        </Form.Item>
        <Form.Item label={t('reports.generate.period')}>
          <Flex gap={8} wrap>
            <Select<PeriodChoice>
              style={{ width: 240 }}
              value={periodChoice}
              onChange={setPeriodChoice}
              options={[
                { value: 'definition', label: t('reports.generate.definitionPeriod', { period: t(`reports.presets.${definition.spec.period.preset}`) }) },
                ...PERIOD_PRESETS.map((value) => ({ value, label: t(`reports.presets.${value}`) })),
              ]}
              data-testid="generate-period"
            />
            {periodChoice === 'custom' && (
              <DatePicker.RangePicker
                value={range}
                allowClear={false}
                onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
                data-testid="generate-range"
              />
            )}
          </Flex>
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label={t('reports.generate.lang')}>
            <Select<ReportLang>
              style={{ width: 140 }}
              value={lang}
              onChange={setLang}
              options={REPORT_LANGS.map((value) => ({ value, label: t(`reports.languages.${value}`) }))}
              data-testid="generate-lang"
            />
          </Form.Item>
          {format === 'pdf' && (
            <Form.Item label={t('reports.generate.paper')}>
              <Space>
                <Select
                  style={{ width: 80 }}
                  value={paper.size}
                  onChange={(size) => setPaper({ ...paper, size })}
                  options={PAPER_SIZES.map((value) => ({ value, label: value }))}
                  data-testid="generate-paper"
                />
                <Select
                  style={{ width: 130 }}
                  value={paper.orientation}
                  onChange={(orientation) => setPaper({ ...paper, orientation })}
                  options={PAPER_ORIENTATIONS.map((value) => ({ value, label: t(`reports.orientations.${value}`) }))}
                  data-testid="generate-orientation"
                />
              </Space>
            </Form.Item>
          )}
        </Flex>
      </Form>
      {run && (
        <Flex vertical gap={8} data-testid="generate-run">
          <RunProgress run={run} />
          {run.state === 'failed' && run.error && <Alert type="error" title={t('reports.runs.error', { error: run.error })} />}
          <Space>
            {isActive(run) && (
              <Button danger icon={<StopOutlined />} onClick={() => void cancel()} data-testid="generate-cancel">
                {t('reports.generate.cancel')}
              </Button>
            )}
            {run.state === 'done' && (
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download()} data-testid="generate-download">
                {t('reports.generate.download')}
              </Button>
            )}
          </Space>
        </Flex>
      )}
    </Modal>
  );
}
