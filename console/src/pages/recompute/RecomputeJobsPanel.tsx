import { Button, Progress, Table, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecomputeJob, RecomputeState } from '@shared/schemas/recomputeJobs';
import { DateTimeText } from '../../lists/DateTimeText';
import { useStores } from '../../stores/StoreContext';
import { createRecomputeApi, type RecomputeApi } from './recomputeApi';

/** How often the list is read again while a job is queued or running. */
export const RECOMPUTE_POLL_MS = 2_000;
const STATE_COLOURS: Record<RecomputeState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
/**
 * Fixed widths (px) of every column but the error, which takes what is left: together 852 px, so the error keeps
 * about 150 px of the ~1,000 px a card has at 1366 px with the sidebar open (the times wrap onto two lines).
 */
export const RECOMPUTE_COLUMN_WIDTHS = { id: 48, reason: 150, days: 180, state: 96, progress: 178, created: 100, finished: 100 } as const;
const active = (job: RecomputeJob) => job.state === 'queued' || job.state === 'running';

/**
 * The recompute jobs of the caller's tree (band figures rebuilt after a tariff version, calendar, assignment or
 * data change): reason, days, state and progress (meters done of all). While one is queued or running the list
 * is read again every 2 s; once all are finished it stops polling. Embedded by the tariff screen (and others).
 */
export function RecomputeJobsPanel({ api: given, limit = 50 }: { api?: RecomputeApi; limit?: number }) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => given ?? createRecomputeApi(root.http), [given, root.http]);
  const [jobs, setJobs] = useState<RecomputeJob[]>([]);
  const [loading, setLoading] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      const rows = await api.list(limit);
      if (!mounted.current) return;
      setJobs(rows);
      if (rows.some(active)) timer.current = setTimeout(() => void load(), RECOMPUTE_POLL_MS);
    } catch {
      // the api hook shows the server's message; try again later only if something was running
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, [api, limit]);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, [load]);

  const reason = (job: RecomputeJob) => t([`recompute.reasons.${job.reason}`, 'recompute.reasons.other'], { reason: job.reason });
  return (
    <div data-testid="recompute-jobs">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 12 }}>
        <Typography.Text type="secondary">{t('recompute.intro')}</Typography.Text>
        <Button onClick={() => void load()} data-testid="recompute-refresh">
          {t('recompute.refresh')}
        </Button>
      </div>
      <Table<RecomputeJob>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={jobs}
        locale={{ emptyText: t('recompute.empty') }}
        tableLayout="fixed"
        columns={[
          { key: 'id', title: '#', width: RECOMPUTE_COLUMN_WIDTHS.id, render: (_, job) => job.id },
          { key: 'reason', title: t('recompute.columns.reason'), width: RECOMPUTE_COLUMN_WIDTHS.reason, render: (_, job) => reason(job) },
          {
            key: 'days',
            title: t('recompute.columns.days'),
            width: RECOMPUTE_COLUMN_WIDTHS.days,
            render: (_, job) => (job.fromDay === job.toDay ? job.fromDay : t('recompute.range', { from: job.fromDay, to: job.toDay })),
          },
          {
            key: 'state',
            title: t('recompute.columns.state'),
            width: RECOMPUTE_COLUMN_WIDTHS.state,
            render: (_, job) => (
              <Tag color={STATE_COLOURS[job.state]} data-testid={`recompute-state-${job.id}`}>
                {t(`recompute.states.${job.state}`)}
              </Tag>
            ),
          },
          {
            key: 'progress',
            title: t('recompute.columns.progress'),
            width: RECOMPUTE_COLUMN_WIDTHS.progress,
            render: (_, job) => {
              const percent = job.total > 0 ? Math.floor((100 * job.done) / job.total) : job.state === 'done' ? 100 : 0;
              return (
                <Tooltip title={t('recompute.meters', { done: job.done, total: job.total, count: job.total })}>
                  <Progress
                    percent={percent}
                    size="small"
                    status={job.state === 'failed' ? 'exception' : job.state === 'running' ? 'active' : job.state === 'done' ? 'success' : 'normal'}
                    format={() => t('recompute.meters', { done: job.done, total: job.total, count: job.total })}
                    data-testid={`recompute-progress-${job.id}`}
                  />
                </Tooltip>
              );
            },
          },
          // Date and time of day each kept whole: a squeezed column (Spanish headers) breaks between them.
          {
            key: 'created',
            title: t('recompute.columns.created'),
            width: RECOMPUTE_COLUMN_WIDTHS.created,
            render: (_, job) => <DateTimeText at={job.createdAt} />,
          },
          {
            key: 'finished',
            title: t('recompute.columns.finished'),
            width: RECOMPUTE_COLUMN_WIDTHS.finished,
            render: (_, job) => <DateTimeText at={job.finishedAt} />,
          },
          {
            key: 'error',
            title: t('recompute.columns.error'),
            ellipsis: { showTitle: true },
            render: (_, job) => (job.error ? <Typography.Text type="danger">{job.error}</Typography.Text> : '–'),
          },
        ]}
      />
    </div>
  );
}
