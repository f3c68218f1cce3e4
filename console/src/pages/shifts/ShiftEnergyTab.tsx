import { Alert, Button, DatePicker, Select, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIFT_ENERGY_MAX_DAYS, type ShiftEnergyRow } from '@shared/schemas/shifts';
import { EChart } from '../../charts/EChart';
import type { ChartOption } from '../../charts/echartsCore';
import { DepartmentPicker } from '../analysis/shared/DepartmentPicker';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { energyText, moneyText } from './shiftFormat';
import { useShiftsApi } from './shiftsApi';
import styles from './shifts.module.css';

const DAY = 'YYYY-MM-DD';
const ENERGY_TYPES = ['electricity', 'water', 'gas'] as const;
const UNITS: Record<(typeof ENERGY_TYPES)[number], string> = { electricity: 'kWh', water: 'm³', gas: 'm³' };
const SHIFT_COLOURS = ['#1677ff', '#7b61ff', '#2bb673', '#f59a23', '#e8453c', '#13c2c2'];

/** The chart: production days along the axis, one bar per shift (its colour), energy up. */
export function shiftEnergyChart(rows: readonly ShiftEnergyRow[], unit: string): ChartOption {
  const days = [...new Set(rows.map((row) => row.day))];
  const shifts = [...new Map(rows.map((row) => [row.shiftId, row.shiftName])).entries()];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
    yAxis: { type: 'value', name: unit },
    series: shifts.map(([shiftId, name], index) => ({
      type: 'bar',
      name,
      itemStyle: { color: SHIFT_COLOURS[index % SHIFT_COLOURS.length] },
      data: days.map((day) => Math.round((rows.find((row) => row.day === day && row.shiftId === shiftId)?.energy ?? 0) * 100) / 100),
    })),
  };
}

/** Energy and cost per production day and shift of a department, with the team on it; estimates marked. */
export function ShiftEnergyTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const departments = useDepartmentTree();
  const [departmentId, setDepartmentId] = useState<number | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().startOf('day')]);
  const [energyType, setEnergyType] = useState<(typeof ENERGY_TYPES)[number]>('electricity');
  const [rows, setRows] = useState<ShiftEnergyRow[]>([]);
  const [loading, setLoading] = useState(false);
  const tooLong = range[1].diff(range[0], 'day') + 1 > SHIFT_ENERGY_MAX_DAYS;

  useEffect(() => {
    if (departmentId === undefined && departments.nodes.length)
      setDepartmentId(departments.nodes.find((node) => node.parentId === null)?.id ?? departments.nodes[0]!.id);
  }, [departments.nodes, departmentId]);

  const query = async () => {
    if (departmentId === undefined || tooLong) return;
    setLoading(true);
    try {
      setRows(await api.shiftEnergy({ departmentId, from: range[0].format(DAY), to: range[1].format(DAY), energyType }));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  };
  // Opens on the first top-level department over the last week; later changes wait for Query.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first department choice queries by itself
  useEffect(() => void query(), [departmentId]);

  const unit = UNITS[energyType];
  const totals = useMemo(() => {
    const priced = rows.filter((row) => row.costMinor !== null);
    return { energy: rows.reduce((sum, row) => sum + row.energy, 0), cost: priced.length ? priced.reduce((sum, row) => sum + (row.costMinor ?? 0), 0) : null };
  }, [rows]);
  const option = useMemo(() => shiftEnergyChart(rows, unit), [rows, unit]);

  return (
    <div data-testid="shifts-energy">
      <div className={styles.toolbar}>
        <DepartmentPicker
          options={departments.options}
          value={departmentId}
          onChange={setDepartmentId}
          loading={departments.loading}
          testId="shift-energy-department"
        />
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
          aria-label={t('shifts.energy.range')}
          data-testid="shift-energy-range"
        />
        <Select
          value={energyType}
          onChange={setEnergyType}
          options={ENERGY_TYPES.map((type) => ({ value: type, label: t(`shifts.energy.${type}`) }))}
          style={{ width: 130 }}
          aria-label={t('shifts.energy.energyType')}
        />
        <Button type="primary" onClick={() => void query()} disabled={departmentId === undefined || tooLong} loading={loading} data-testid="shift-energy-query">
          {t('shifts.energy.query')}
        </Button>
        {tooLong && <Typography.Text type="danger">{t('shifts.energy.rangeTooLong')}</Typography.Text>}
      </div>
      {rows.length > 0 && <EChart option={option} height={260} ariaLabel={t('shifts.energy.chart')} />}
      {!loading && rows.length === 0 && departmentId !== undefined && (
        <Alert type="info" showIcon title={t('shifts.energy.empty')} style={{ marginBottom: 12 }} />
      )}
      <Table<ShiftEnergyRow>
        rowKey={(row) => `${row.day}:${row.shiftId}`}
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        data-testid="shift-energy-table"
        columns={[
          { key: 'day', dataIndex: 'day', title: t('shifts.energy.day'), width: 120 },
          { key: 'shift', dataIndex: 'shiftName', title: t('shifts.energy.shift') },
          { key: 'team', title: t('shifts.energy.team'), render: (_, row) => row.teamName ?? '–' },
          {
            key: 'time',
            title: t('shifts.energy.time'),
            width: 200,
            render: (_, row) => `${row.start} – ${row.end}${row.end <= row.start ? ` (${t('shifts.energy.nextDay')})` : ''}`,
          },
          {
            key: 'energy',
            title: `${t('shifts.energy.energy')} (${unit})`,
            align: 'right',
            width: 180,
            render: (_, row) => (
              <>
                {energyText(row.energy)}
                {row.estimated && (
                  <Tooltip title={t('shifts.energy.estimatedHint')}>
                    <Tag color="orange" style={{ marginLeft: 6, marginRight: 0 }} data-testid="shift-energy-estimated">
                      {t('shifts.energy.estimated')}
                    </Tag>
                  </Tooltip>
                )}
              </>
            ),
          },
          {
            key: 'cost',
            title: t('shifts.energy.cost'),
            align: 'right',
            width: 140,
            render: (_, row) =>
              // No energy (a shift not started yet) costs nothing, priced or not: "0.00", not "Not priced".
              row.costMinor === null && row.energy !== 0 ? (
                <Typography.Text type="secondary">{t('shifts.energy.unpriced')}</Typography.Text>
              ) : (
                moneyText(row.costMinor ?? 0)
              ),
          },
        ]}
        summary={() =>
          rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text strong>{t('shifts.energy.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>{energyText(totals.energy)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>{totals.cost === null ? '' : moneyText(totals.cost)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  );
}
