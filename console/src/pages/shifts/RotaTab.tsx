import { Alert, Button, DatePicker, Modal, Select, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIFT_SCREEN, type CalendarDay, type RotaSlot, type ShiftTeam, type ShiftTemplate } from '@shared/schemas/shifts';
import { useNotify } from '../../feedback/notify';
import { usePermission } from '../../permissions/Permission';
import { DepartmentPicker } from '../analysis/shared/DepartmentPicker';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { DAY_LOOKS, lookOf } from './calendarColours';
import { useShiftsApi } from './shiftsApi';
import styles from './shifts.module.css';

const DAY = 'YYYY-MM-DD';

/** Every day of the month of `month` (any day in it), YYYY-MM-DD. */
export function daysOfMonth(month: Dayjs): string[] {
  const first = month.startOf('month');
  return Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day').format(DAY));
}

function FillDialog({
  departmentId,
  month,
  templates,
  teams,
  onClose,
  onDone,
}: {
  departmentId: number;
  month: Dayjs;
  templates: ShiftTemplate[];
  teams: ShiftTeam[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [month.startOf('month'), month.endOf('month')]);
  const [pattern, setPattern] = useState<Record<number, number[]>>({});
  const [busy, setBusy] = useState(false);
  const entries = templates
    .filter((template) => (pattern[template.id] ?? []).length > 0)
    .map((template) => ({ shiftId: template.id, teamIds: pattern[template.id]! }));
  const fill = async () => {
    setBusy(true);
    try {
      const answer = await api.fillRota({ departmentId, from: range[0].format(DAY), to: range[1].format(DAY), pattern: entries });
      notify.success(t('shifts.rota.filled', answer));
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
      width={640}
      title={t('shifts.rota.fillTitle')}
      onCancel={onClose}
      onOk={() => void fill()}
      okText={t('shifts.rota.fill')}
      cancelText={t('shifts.common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: entries.length === 0, 'data-testid': 'rota-fill-ok' } as ButtonProps}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('shifts.rota.fillHelp')}</Typography.Paragraph>
        <label>
          {t('shifts.rota.range')}
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
            style={{ display: 'flex' }}
            data-testid="rota-fill-range"
          />
        </label>
        {templates.map((template) => (
          <label key={template.id}>
            {`${template.name} (${template.start}–${template.end}) · ${t('shifts.rota.teamsInTurn')}`}
            <Select<number[]>
              mode="multiple"
              value={pattern[template.id] ?? []}
              onChange={(teamIds) => setPattern({ ...pattern, [template.id]: teamIds })}
              options={teams.map((team) => ({ value: team.id, label: team.name }))}
              style={{ width: '100%' }}
              data-testid={`rota-fill-shift-${template.id}`}
            />
          </label>
        ))}
        {entries.length === 0 && <Typography.Text type="secondary">{t('shifts.rota.needPattern')}</Typography.Text>}
      </Space>
    </Modal>
  );
}

/** The rota of one department for one month: a day × shift grid of teams, edited cell by cell or filled by a pattern. */
export function RotaTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const can = usePermission(SHIFT_SCREEN);
  const editable = can('edit');
  const departments = useDepartmentTree();
  const [departmentId, setDepartmentId] = useState<number | undefined>(undefined);
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [templates, setTemplates] = useState<ShiftTemplate[]>([]);
  const [teams, setTeams] = useState<ShiftTeam[]>([]);
  const [slots, setSlots] = useState<RotaSlot[]>([]);
  const [loading, setLoading] = useState(false);
  const [filling, setFilling] = useState(false);
  const days = useMemo(() => daysOfMonth(month), [month]);
  const [calendar, setCalendar] = useState<ReadonlyMap<string, CalendarDay>>(new Map());

  // The month's holidays, special days and adjusted workdays beside the dates (a planner staffs them differently).
  useEffect(() => {
    let live = true;
    api
      .calendarYear(month.year())
      .then((year) => live && setCalendar(new Map(year.map((entry) => [entry.day, entry]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, month]);

  // The shifts and teams of the department's own tree (an administrator sees every tree's).
  useEffect(() => {
    if (departmentId === undefined) return;
    void Promise.all([api.templates(departmentId), api.teams(departmentId)])
      .then(([shiftList, teamList]) => {
        setTemplates(shiftList);
        setTeams(teamList);
      })
      .catch(() => undefined);
  }, [api, departmentId]);
  useEffect(() => {
    if (departmentId === undefined && departments.nodes.length)
      setDepartmentId(departments.nodes.find((node) => node.parentId === null)?.id ?? departments.nodes[0]!.id);
  }, [departments.nodes, departmentId]);

  const load = useCallback(async () => {
    if (departmentId === undefined) return;
    setLoading(true);
    try {
      setSlots(await api.rota(departmentId, days[0]!, days[days.length - 1]!));
    } catch {
      setSlots([]);
    } finally {
      setLoading(false);
    }
  }, [api, departmentId, days]);
  useEffect(() => void load(), [load]);

  const teamOf = (day: string, shiftId: number) => slots.find((slot) => slot.day === day && slot.shiftId === shiftId)?.teamId ?? null;
  const setCell = async (day: string, shiftId: number, teamId: number | null) => {
    if (departmentId === undefined) return;
    const daySlots = templates.map((template) => ({ shiftId: template.id, teamId: template.id === shiftId ? teamId : teamOf(day, template.id) }));
    try {
      const saved = await api.putRotaDay({ departmentId, day, slots: daySlots });
      setSlots((current) => [...current.filter((slot) => slot.day !== day), ...saved]);
    } catch {
      // the client's error toast said why
    }
  };
  const teamName = (id: number | null) => teams.find((team) => team.id === id)?.name ?? '';

  return (
    <div data-testid="shifts-rota">
      <div className={styles.toolbar}>
        <DepartmentPicker
          options={departments.options}
          value={departmentId}
          onChange={setDepartmentId}
          loading={departments.loading}
          testId="rota-department"
        />
        <DatePicker
          picker="month"
          value={month}
          allowClear={false}
          onChange={(value) => value && setMonth(value.startOf('month'))}
          aria-label={t('shifts.rota.month')}
          data-testid="rota-month"
        />
        {editable && (
          <div className={styles.toolbarEnd}>
            <Button
              type="primary"
              disabled={departmentId === undefined || templates.length === 0 || teams.length === 0}
              onClick={() => setFilling(true)}
              data-testid="rota-fill"
            >
              {t('shifts.rota.fill')}
            </Button>
          </div>
        )}
      </div>
      {(templates.length === 0 || teams.length === 0) && <Alert type="info" showIcon title={t('shifts.rota.needShifts')} style={{ marginBottom: 12 }} />}
      <Table<{ day: string }>
        className={styles.rotaTable}
        rowKey="day"
        size="small"
        loading={loading}
        pagination={false}
        scroll={{ y: 520 }}
        dataSource={days.map((day) => ({ day }))}
        columns={[
          {
            key: 'day',
            title: t('shifts.rota.day'),
            width: 250,
            render: (_, row) => {
              const entry = calendar.get(row.day);
              const look = entry ? lookOf(entry) : 'workday';
              return (
                <>
                  {`${row.day} ${t(`shifts.weekdays.${['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][dayjs(row.day).day()]}`)}`}
                  {look !== 'workday' && look !== 'weekend' && (
                    <Tag color={DAY_LOOKS[look].background} style={{ marginLeft: 6 }} title={entry?.name || undefined} data-testid={`rota-daytype-${row.day}`}>
                      {t(`shifts.dayTypes.${look}`)}
                    </Tag>
                  )}
                </>
              );
            },
          },
          ...templates.map((template) => ({
            key: `shift-${template.id}`,
            title: `${template.name} ${template.start}–${template.end}`,
            render: (_: unknown, row: { day: string }) =>
              editable ? (
                <Select<number | null>
                  size="small"
                  allowClear
                  placeholder={t('shifts.rota.noTeam')}
                  value={teamOf(row.day, template.id)}
                  onChange={(teamId) => void setCell(row.day, template.id, teamId ?? null)}
                  options={teams.map((team) => ({ value: team.id, label: team.name }))}
                  aria-label={`${row.day} ${template.name}`}
                  data-testid={`rota-cell-${row.day}-${template.id}`}
                />
              ) : (
                teamName(teamOf(row.day, template.id))
              ),
          })),
        ]}
      />
      {filling && departmentId !== undefined && (
        <FillDialog
          departmentId={departmentId}
          month={month}
          templates={templates}
          teams={teams}
          onClose={() => setFilling(false)}
          onDone={() => {
            setFilling(false);
            void load();
          }}
        />
      )}
    </div>
  );
}
