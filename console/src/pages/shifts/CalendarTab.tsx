import { LeftOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Table, Tooltip, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDay, CalendarImportResult } from '@shared/schemas/shifts';
import type { ImportProblem } from '@shared/resources/exchange';
import { DAY_TYPES, type DayType } from '@shared/tariffs/bands';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { DAY_LOOKS, lookOf, monthWeeks, type DayLook } from './calendarColours';
import { useShiftsApi } from './shiftsApi';
import styles from './shifts.module.css';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const LEGEND: DayLook[] = ['holiday', 'special', 'adjusted', 'weekend'];

/** A bad import row in the reader's language: the server's English reason, re-worded by its rule where known. */
export function problemText(t: TFunction, problem: ImportProblem): string {
  const quoted = /^"?([^"\s]*)"?/.exec(problem.reason)?.[1] ?? '';
  if (problem.rule === 'date') return t('shifts.calendar.problems.date', { value: quoted });
  if (problem.rule === 'enum') return t('shifts.calendar.problems.type', { value: quoted });
  if (problem.rule === 'unique') return t('shifts.calendar.problems.twice', { value: quoted, line: /line (\d+)$/.exec(problem.reason)?.[1] ?? '' });
  return problem.reason;
}

function DayEditor({ day, onClose, onSaved }: { day: CalendarDay; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [dayType, setDayType] = useState<DayType>(day.dayType);
  const [name, setName] = useState(day.name);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<{ recomputeJobId: number | null }>) => {
    setBusy(true);
    try {
      const answer = await call();
      notify.success(t('shifts.common.saved'), answer.recomputeJobId !== null ? t('shifts.calendar.recomputeQueued') : undefined);
      onSaved();
    } catch {
      // the client's error toast said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('shifts.calendar.editTitle', { day: day.day })}
      onCancel={onClose}
      footer={[
        <Button key="reset" disabled={!day.stored} loading={busy} onClick={() => void run(() => api.resetDay(day.day))} data-testid="calendar-day-reset">
          {t('shifts.calendar.reset')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('shifts.common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={busy} onClick={() => void run(() => api.setDay(day.day, { dayType, name }))} data-testid="calendar-day-save">
          {t('shifts.common.save')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('shifts.calendar.defaultHint', { type: t(`shifts.dayTypes.${day.defaultType}`).toLocaleLowerCase() })}
        </Typography.Text>
        <label>
          {t('shifts.calendar.type')}
          <Select<DayType>
            value={dayType}
            onChange={setDayType}
            options={DAY_TYPES.map((type) => ({ value: type, label: t(`shifts.dayTypes.${type}`) }))}
            style={{ width: '100%' }}
            data-testid="calendar-day-type"
          />
        </label>
        <label>
          {t('shifts.calendar.name')}
          <Input
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('shifts.calendar.namePlaceholder')}
            data-testid="calendar-day-name"
          />
        </label>
      </Space>
    </Modal>
  );
}

function ImportDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<CalendarImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (text: string) => {
    setBusy(true);
    try {
      setResult(await api.importCalendar({ csv: text, dryRun: true }));
    } catch {
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  const write = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await api.importCalendar({ csv: file.text, dryRun: false });
      notify.success(
        t('shifts.calendar.imported', { written: answer.written, rows: answer.rows }),
        answer.recomputeJobId !== null ? t('shifts.calendar.recomputeQueued') : undefined,
      );
      onDone();
    } catch {
      // the client's error toast said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={720}
      title={t('shifts.calendar.importTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('shifts.common.cancel')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!result || result.good === 0}
          loading={busy}
          onClick={() => void write()}
          data-testid="calendar-import-write"
        >
          {t('shifts.calendar.importGood', { count: result?.good ?? 0 })}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('shifts.calendar.importHelp')}</Typography.Paragraph>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(chosen) => {
            void chosen.text().then((text) => {
              setFile({ name: chosen.name, text });
              void check(text);
            });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="calendar-import-file">
            {t('shifts.calendar.chooseFile')}
          </Button>
        </Upload>
        {file && <Typography.Text>{t('shifts.calendar.fileChosen', { name: file.name })}</Typography.Text>}
        {result && (
          <>
            <Alert
              type={result.bad ? 'warning' : 'success'}
              showIcon
              title={t('shifts.calendar.checked', { rows: result.rows, good: result.good, bad: result.bad })}
              data-testid="calendar-import-summary"
            />
            {result.problems.length > 0 && (
              <Table<ImportProblem>
                size="small"
                rowKey="line"
                data-testid="calendar-import-problems"
                title={() => <Typography.Text strong>{t('shifts.calendar.problemsTitle')}</Typography.Text>}
                pagination={result.problems.length > 6 ? { pageSize: 6, size: 'small' } : false}
                dataSource={result.problems}
                columns={[
                  { key: 'line', dataIndex: 'line', title: t('shifts.calendar.line'), width: 72 },
                  {
                    key: 'reason',
                    title: t('shifts.calendar.reason'),
                    render: (_, problem) => <Typography.Text type="danger">{problemText(t, problem)}</Typography.Text>,
                  },
                ]}
              />
            )}
            <Table
              size="small"
              rowKey="line"
              data-testid="calendar-import-preview"
              title={() => <Typography.Text strong>{t('shifts.calendar.previewTitle')}</Typography.Text>}
              pagination={false}
              scroll={{ y: 200 }}
              dataSource={result.preview}
              columns={[
                { key: 'line', dataIndex: 'line', title: t('shifts.calendar.line'), width: 72 },
                { key: 'day', dataIndex: 'day', title: t('shifts.calendar.day'), width: 120 },
                { key: 'type', title: t('shifts.calendar.type'), width: 160, render: (_, row) => t(`shifts.dayTypes.${row.dayType}`) },
                { key: 'name', dataIndex: 'name', title: t('shifts.calendar.name') },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}

/** The working calendar, a year at a time: twelve month grids; administrators click a day to set it, or import a CSV. */
export const CalendarTab = observer(function CalendarTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const { session } = useStores();
  const editable = session.isAdmin;
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [days, setDays] = useState<CalendarDay[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<CalendarDay | null>(null);
  const [importing, setImporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setDays(await api.calendarYear(year));
    } catch {
      setDays([]);
    } finally {
      setLoading(false);
    }
  }, [api, year]);
  useEffect(() => void load(), [load]);

  const counts = useMemo(() => {
    const looks = days.map(lookOf);
    return {
      holidays: looks.filter((l) => l === 'holiday').length,
      special: looks.filter((l) => l === 'special').length,
      adjusted: looks.filter((l) => l === 'adjusted').length,
    };
  }, [days]);

  const cell = (entry: CalendarDay | null, index: number) => {
    if (!entry) return <span key={`blank-${index}`} />;
    const look = lookOf(entry);
    const type = t(`shifts.dayTypes.${look}`);
    const title = entry.name
      ? t('shifts.calendar.dayTitleNamed', { day: entry.day, type, name: entry.name })
      : t('shifts.calendar.dayTitle', { day: entry.day, type });
    return (
      <Tooltip key={entry.day} title={title} mouseEnterDelay={0.3}>
        <button
          type="button"
          className={`${styles.cell} ${editable ? styles.cellEditable : ''} ${entry.name ? styles.named : ''}`}
          style={DAY_LOOKS[look]}
          aria-label={title}
          disabled={!editable}
          onClick={() => setEditing(entry)}
          data-testid={`calendar-day-${entry.day}`}
          data-look={look}
        >
          {Number(entry.day.slice(8))}
        </button>
      </Tooltip>
    );
  };

  return (
    <div data-testid="shifts-calendar">
      <div className={styles.toolbar}>
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label={t('shifts.calendar.previousYear')} onClick={() => setYear((y) => y - 1)} />
          <InputNumber<number>
            value={year}
            min={1900}
            max={2100}
            onChange={(value) => value !== null && value >= 1900 && value <= 2100 && setYear(value)}
            aria-label={t('shifts.calendar.year')}
            style={{ width: 90 }}
            data-testid="calendar-year"
          />
          <Button icon={<RightOutlined />} aria-label={t('shifts.calendar.nextYear')} onClick={() => setYear((y) => y + 1)} />
        </Space.Compact>
        <div className={styles.legend}>
          {LEGEND.map((look) => (
            <span key={look}>
              <span className={styles.swatch} style={{ background: DAY_LOOKS[look].background === 'transparent' ? undefined : DAY_LOOKS[look].background }} />
              {t(`shifts.dayTypes.${look}`)}
            </span>
          ))}
        </div>
        <Typography.Text type="secondary" data-testid="calendar-summary">
          {t('shifts.calendar.summary', counts)}
        </Typography.Text>
        {editable && (
          <div className={styles.toolbarEnd}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="calendar-import">
              {t('shifts.calendar.import')}
            </Button>
          </div>
        )}
      </div>
      {!editable && <Alert type="info" showIcon title={t('shifts.calendar.readOnly')} style={{ marginBottom: 12 }} />}
      <div className={styles.year} aria-busy={loading}>
        {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
          <section key={month} className={styles.month} data-testid={`calendar-month-${month}`}>
            <div className={styles.monthTitle}>{t(`shifts.months.m${month}`)}</div>
            <div className={styles.monthGrid}>
              {WEEKDAYS.map((weekday) => (
                <span key={weekday} className={styles.weekday}>
                  {t(`shifts.weekdays.${weekday}`)}
                </span>
              ))}
              {monthWeeks(days, month)
                .flat()
                .map((entry, index) => cell(entry, index))}
            </div>
          </section>
        ))}
      </div>
      {editing && (
        <DayEditor
          day={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            void load();
          }}
        />
      )}
    </div>
  );
});
