import { Input, InputNumber, Modal, Select, Space, Tag, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftTemplate, ShiftTemplateBody } from '@shared/schemas/shifts';
import { useNotify } from '../../feedback/notify';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { WholeList } from '../../lists/WholeList';
import { editDeleteColumn, shiftGate, useDialogSave } from './shiftListParts';
import { useShiftsApi } from './shiftsApi';
import styles from './shifts.module.css';

/** 00:00, 00:15 … 23:45: the times a shift may start or end. */
export const QUARTER_CLOCKS = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The spans of a shift on a 0–24 h bar, in % of the day: a night shift is two spans (evening and morning). */
export function barSpans(start: string, end: string): { left: number; width: number }[] {
  const from = minutesOf(start);
  const to = minutesOf(end);
  const pct = (minutes: number) => (minutes / 1440) * 100;
  if (to > from) return [{ left: pct(from), width: pct(to - from) }];
  return [{ left: pct(from), width: pct(1440 - from) }, ...(to > 0 ? [{ left: 0, width: pct(to) }] : [])];
}

export function DayBar({ start, end, label }: { start: string; end: string; label: string }) {
  return (
    <div className={styles.dayBar} role="img" aria-label={label}>
      {barSpans(start, end).map((span) => (
        <span key={span.left} className={styles.dayBarSpan} style={{ left: `${span.left}%`, width: `${span.width}%` }} />
      ))}
    </div>
  );
}

function TemplateDialog({ template, onClose, onSaved }: { template: ShiftTemplate | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const [body, setBody] = useState<ShiftTemplateBody>(() =>
    template ? { name: template.name, start: template.start, end: template.end, sort: template.sort } : { name: '', start: '08:00', end: '16:00', sort: 0 },
  );
  const { busy, save: run } = useDialogSave(onSaved);
  const save = () => run(() => (template ? api.updateTemplate(template.id, body) : api.createTemplate(body)));
  const clockOptions = QUARTER_CLOCKS.map((clock) => ({ value: clock, label: clock }));
  return (
    <Modal
      open
      title={template ? t('shifts.templates.editTitle', { name: template.name }) : t('shifts.templates.addTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('shifts.common.save')}
      cancelText={t('shifts.common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: body.name.trim() === '', 'data-testid': 'shift-template-save' } as ButtonProps}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {t('shifts.common.name')}
          <Input value={body.name} maxLength={40} onChange={(event) => setBody({ ...body, name: event.target.value })} data-testid="shift-template-name" />
        </label>
        <Space wrap>
          <label>
            {t('shifts.templates.start')}
            <Select
              value={body.start}
              options={clockOptions}
              onChange={(start) => setBody({ ...body, start })}
              style={{ width: 110, display: 'block' }}
              showSearch
              data-testid="shift-template-start"
            />
          </label>
          <label>
            {t('shifts.templates.end')}
            <Select
              value={body.end}
              options={clockOptions}
              onChange={(end) => setBody({ ...body, end })}
              style={{ width: 110, display: 'block' }}
              showSearch
              data-testid="shift-template-end"
            />
          </label>
          <label>
            {t('shifts.common.sort')}
            <InputNumber<number>
              value={body.sort ?? 0}
              min={0}
              max={999}
              onChange={(sort) => setBody({ ...body, sort: sort ?? 0 })}
              style={{ display: 'block' }}
            />
          </label>
        </Space>
        <DayBar start={body.start} end={body.end} label={`${body.start}–${body.end}`} />
        <Typography.Text type="secondary">{t('shifts.templates.nightRule')}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** The shift templates: name, start and end on the quarter hour, where they lie in the day. */
export const TemplatesTab = observer(function TemplatesTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [list] = useState(() => new WholeList(() => api.templates()));
  const [editing, setEditing] = useState<ShiftTemplate | null | 'new'>(null);
  useEffect(() => void list.load(), [list]);

  const remove = async (row: ShiftTemplate) => {
    if (await list.change(() => api.removeTemplate(row.id))) notify.success(t('shifts.common.deleted'));
  };
  const columns: TableColumnsType<ShiftTemplate> = [
    { key: 'name', dataIndex: 'name', title: t('shifts.common.name') },
    { key: 'start', dataIndex: 'start', title: t('shifts.templates.start'), width: 90 },
    {
      key: 'end',
      title: t('shifts.templates.end'),
      width: 200,
      render: (_, row) => (
        <Space size={6}>
          {row.end}
          {row.crossesMidnight && <Tag color="purple">{t('shifts.templates.crossesMidnight')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'length',
      title: t('shifts.templates.length'),
      width: 90,
      render: (_, row) => t('shifts.templates.hours', { hours: Math.round((row.minutes / 60) * 100) / 100 }),
    },
    {
      key: 'bar',
      title: t('shifts.templates.bar'),
      width: 260,
      render: (_, row) => <DayBar start={row.start} end={row.end} label={`${row.start}–${row.end}`} />,
    },
    { key: 'sort', dataIndex: 'sort', title: t('shifts.common.sort'), width: 80 },
    editDeleteColumn<ShiftTemplate>(t, 'template', setEditing, (row) => void remove(row)),
  ];

  return (
    <div data-testid="shifts-templates">
      <ListToolbar
        list={list}
        gate={shiftGate}
        testId="shift-template"
        filters={<Typography.Text type="secondary">{t('shifts.templates.nightRule')}</Typography.Text>}
        onAdd={() => setEditing('new')}
        addLabel={t('shifts.templates.add')}
      />
      <ListTable<ShiftTemplate>
        rows={list.rows}
        loading={list.loading || list.busy}
        rowKey="id"
        columns={columns}
        testId="shift-templates-table"
        emptyText={t('shifts.templates.empty')}
      />
      {editing !== null && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.load();
          }}
        />
      )}
    </div>
  );
});
