import {
  type ButtonProps,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Tag,
  TimePicker,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import type { CheckRule } from './ColumnsEditor';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, REPORT_LANGS, SCHEDULE_CADENCES } from '@shared/reports/constants';
import { reportScheduleBodySchema, SCHEDULE_PERIOD_PRESETS, type ReportScheduleBody } from '@shared/reports/scheduleSchemas';
import type { ReportDefinitionView, ReportScheduleView } from '@shared/reports/types';
import { fieldErrors, formFields, schemaIssues, serverIssues } from '../../forms/fieldErrors';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { cadenceText } from './reportsFormat';
import type { ReportsApi } from './reportsApi';
import { issueText } from './specForm';

const gate = { menu: '/report/reportConfig' };

type FieldData = Parameters<FormInstance<ScheduleValues>['setFields']>[0][number];
type ScheduleValues = Omit<ReportScheduleBody, 'definitionId' | 'period'> & { preset: ReportScheduleBody['period']['preset'] };

const valuesOf = (schedule: ReportScheduleView | null, definition: ReportDefinitionView): ScheduleValues =>
  schedule
    ? {
        name: schedule.name,
        cadence: schedule.cadence,
        time: schedule.time,
        weekday: schedule.weekday,
        monthDay: schedule.monthDay,
        cron: schedule.cron,
        preset: schedule.period.preset,
        formats: schedule.formats,
        lang: schedule.lang,
        recipients: schedule.recipients,
        enabled: schedule.enabled,
      }
    : {
        name: definition.name,
        cadence: 'daily',
        time: '07:00',
        weekday: 1,
        monthDay: 1,
        cron: '',
        preset: 'yesterday',
        formats: ['xlsx'],
        lang: definition.spec.lang,
        recipients: [],
        enabled: true,
      };

const bodyOf = (values: ScheduleValues, definitionId: number) => {
  const { preset, ...rest } = values;
  return { ...rest, definitionId, period: { preset } };
};

/** The schedules of one definition: cadence in words, next run, recipients, enabled; add, edit, delete, run now. */
export function SchedulesDrawer({ api, definition, onClose }: { api: ReportsApi; definition: ReportDefinitionView; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [rows, setRows] = useState<ReportScheduleView[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<ReportScheduleView | null | undefined>(undefined);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await api.schedules(definition.id));
    } catch {
      // the api toast has said why
    } finally {
      setLoading(false);
    }
  }, [api, definition.id]);
  useEffect(() => void load(), [load]);

  const change = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch {
      return;
    }
    await load();
  };

  const columns: TableColumnsType<ReportScheduleView> = [
    {
      key: 'name',
      title: t('reports.schedules.name'),
      render: (_, schedule) => (
        <Flex vertical>
          <CutText text={schedule.name} maxWidth={200} />
          <span data-testid={`schedule-cadence-${schedule.id}`}>{cadenceText(t, schedule)}</span>
        </Flex>
      ),
    },
    {
      key: 'next',
      title: t('reports.schedules.nextRun'),
      render: (_, schedule) => (schedule.nextRunAt ? <DateTimeText at={schedule.nextRunAt} /> : t('reports.schedules.never')),
    },
    {
      key: 'recipients',
      title: t('reports.schedules.recipients'),
      render: (_, schedule) => <CutText text={schedule.recipients.join(', ')} maxWidth={220} />,
    },
    {
      key: 'formats',
      title: t('reports.schedules.formats'),
      render: (_, schedule) => schedule.formats.map((format) => <Tag key={format}>{t(`reports.formats.${format}`)}</Tag>),
    },
    {
      key: 'enabled',
      title: t('reports.schedules.enabled'),
      render: (_, schedule) => (schedule.enabled ? <Tag color="green">✓</Tag> : <Tag>—</Tag>),
    },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, schedule) => (
        <RowActions
          gate={gate}
          actions={[
            { button: 'edit', label: t('reports.schedules.edit'), onClick: () => setEditing(schedule), testId: `schedule-edit-${schedule.id}` },
            {
              button: 'edit',
              label: t('reports.schedules.runNow'),
              onClick: () =>
                void change(async () => {
                  await api.runScheduleNow(schedule.id);
                  notify.success(t('reports.schedules.runNowDone'));
                }),
              testId: `schedule-run-${schedule.id}`,
            },
            {
              button: 'delete',
              label: t('reports.schedules.delete'),
              danger: true,
              confirm: t('reports.schedules.deleteConfirm'),
              onClick: () => void change(() => api.removeSchedule(schedule.id)),
              testId: `schedule-delete-${schedule.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Drawer open size={920} title={t('reports.schedules.title', { name: definition.name })} onClose={onClose} destroyOnHidden data-testid="schedules-drawer">
      <ListToolbar list={{ loading, load }} gate={gate} testId="schedules" onAdd={() => setEditing(null)} addLabel={t('reports.schedules.add')} />
      <Table<ReportScheduleView>
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('reports.schedules.empty') }}
        data-testid="schedules-table"
      />
      {editing !== undefined && (
        <ScheduleDialog
          api={api}
          definition={definition}
          schedule={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            notify.success(t('reports.schedules.saved'));
            void load();
          }}
        />
      )}
    </Drawer>
  );
}

function ScheduleDialog(props: { api: ReportsApi; definition: ReportDefinitionView; schedule: ReportScheduleView | null; onClose(): void; onSaved(): void }) {
  const { api, definition, schedule, onClose, onSaved } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleValues>();
  const [saving, setSaving] = useState(false);
  const cadence = Form.useWatch('cadence', form);
  const errorsOf = (values: ScheduleValues) =>
    fieldErrors(schemaIssues(reportScheduleBodySchema, bodyOf(values, definition.id)), {
      field: (path) => (path.startsWith('period') ? 'preset' : path.startsWith('recipients') ? 'recipients' : path),
      text: (issue) => issueText(t, issue.message),
    });
  const rule = (field: string): CheckRule => ({
    validator: async () => {
      const text = errorsOf(form.getFieldsValue(true) as ScheduleValues)[field];
      if (text) throw new Error(text);
    },
  });

  const save = async () => {
    const values = form.getFieldsValue(true) as ScheduleValues;
    const errors = errorsOf(values);
    if (Object.keys(errors).length) {
      form.setFields(formFields(errors) as FieldData[]);
      return;
    }
    setSaving(true);
    try {
      const body = reportScheduleBodySchema.parse(bodyOf(values, definition.id));
      if (schedule) await api.updateSchedule(schedule.id, body);
      else await api.createSchedule(body);
      onSaved();
    } catch (error) {
      const issues = serverIssues(error);
      form.setFields(
        formFields(
          fieldErrors(issues, {
            field: (path) => (path.startsWith('period') ? 'preset' : path.startsWith('recipients') ? 'recipients' : path),
            text: (issue) => issueText(t, issue.message),
          }),
        ) as FieldData[],
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={schedule ? t('reports.schedules.dialogEdit') : t('reports.schedules.dialogNew')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'schedule-save' } as ButtonProps}
      width={600}
      destroyOnHidden
      data-testid="schedule-dialog"
    >
      <Form form={form} layout="vertical" size="small" initialValues={valuesOf(schedule, definition)} validateTrigger="onBlur">
        <Form.Item label={t('reports.schedules.name')} name="name" rules={[rule('name')]}>
          <Input maxLength={80} data-testid="schedule-name" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item label={t('reports.schedules.cadence')} name="cadence" style={{ width: 130 }}>
            <Select options={SCHEDULE_CADENCES.map((value) => ({ value, label: t(`reports.schedules.cadences.${value}`) }))} data-testid="schedule-cadence" />
          </Form.Item>
          {cadence !== 'cron' && (
            <Form.Item
              label={t('reports.schedules.time')}
              name="time"
              rules={[rule('time')]}
              getValueProps={(value: string) => ({ value: value ? dayjs(value, 'HH:mm') : null })}
              normalize={(value: Dayjs | null) => (value ? value.format('HH:mm') : '')}
            >
              <TimePicker format="HH:mm" minuteStep={5} data-testid="schedule-time" />
            </Form.Item>
          )}
          {cadence === 'weekly' && (
            <Form.Item label={t('reports.schedules.weekday')} name="weekday" rules={[rule('weekday')]} style={{ width: 140 }}>
              <Select
                options={[1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: t(`reports.schedules.weekdays.${value}`) }))}
                data-testid="schedule-weekday"
              />
            </Form.Item>
          )}
          {cadence === 'monthly' && (
            <Form.Item label={t('reports.schedules.monthDay')} name="monthDay" rules={[rule('monthDay')]}>
              <InputNumber min={1} max={28} precision={0} data-testid="schedule-month-day" />
            </Form.Item>
          )}
          {cadence === 'cron' && (
            <Form.Item label={t('reports.schedules.cron')} name="cron" rules={[rule('cron')]} tooltip={t('reports.schedules.cronHint')} style={{ width: 240 }}>
              <Input maxLength={100} placeholder="0 7 * * 1-5" data-testid="schedule-cron" />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={8} wrap>
          <Form.Item label={t('reports.schedules.period')} name="preset" rules={[rule('preset')]} style={{ width: 180 }}>
            <Select options={SCHEDULE_PERIOD_PRESETS.map((value) => ({ value, label: t(`reports.presets.${value}`) }))} data-testid="schedule-period" />
          </Form.Item>
          <Form.Item label={t('reports.schedules.formats')} name="formats" rules={[rule('formats')]} style={{ minWidth: 200 }}>
            <Select mode="multiple" options={REPORT_FORMATS.map((value) => ({ value, label: t(`reports.formats.${value}`) }))} data-testid="schedule-formats" />
          </Form.Item>
          <Form.Item label={t('reports.schedules.lang')} name="lang" style={{ width: 130 }}>
            <Select options={REPORT_LANGS.map((value) => ({ value, label: t(`reports.languages.${value}`) }))} data-testid="schedule-lang" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('reports.schedules.recipients')} name="recipients" rules={[rule('recipients')]} extra={t('reports.schedules.recipientsHint')}>
          <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} suffixIcon={null} data-testid="schedule-recipients" />
        </Form.Item>
        <Form.Item label={t('reports.schedules.enabled')} name="enabled" valuePropName="checked">
          <Switch data-testid="schedule-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
