import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Dropdown, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import type { MonthRegisterRow } from '@shared/schemas/monthRegisters';
import { BAND_COLOURS } from '@shared/tariffs/bands';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { useStores } from '../../stores/StoreContext';
import { DepartmentPicker } from '../analysis/shared/DepartmentPicker';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { saveFile } from '../meterData/saveFile';
import { MonthRegisterDialog } from './MonthRegisterDialog';
import { createMonthRegistersApi, type MonthRegisterExportFormat } from './monthRegistersApi';
import { MonthRegistersController } from './MonthRegistersController';
import { energyText, registerText } from './registerFormat';

export const MONTH_REGISTER_SCREEN = '/settlement/power-month-record';
const gate = { menu: MONTH_REGISTER_SCREEN };
const LANGUAGES = ['en', 'zh', 'es'];

/**
 * /settlement/power-month-record: per meter and month, the start and end registers, CT × PT, the register energy
 * beside the energy counted for the month (a mismatch flagged with its likely cause) and the energy per band;
 * manually read meters take typed registers (with a reason, audited). Fits 1366 px: facts stack in eight columns.
 */
export const MonthRegistersPage = observer(function MonthRegistersPage() {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const api = useMemo(() => createMonthRegistersApi(root.http), [root.http]);
  const [controller] = useState(() => new MonthRegistersController(api));
  const departments = useDepartmentTree();
  const [editing, setEditing] = useState<MonthRegisterRow | null>(null);
  const [exporting, setExporting] = useState(false);
  useEffect(() => void controller.load(), [controller]);

  const exportFile = async (format: MonthRegisterExportFormat) => {
    setExporting(true);
    try {
      const lang = LANGUAGES.includes(i18n.language) ? i18n.language : 'en';
      saveFile(await api.exportFile(controller.query, format, lang), `meter-registers-${controller.month}.${format}`);
    } catch {
      // The api hook showed why.
    } finally {
      setExporting(false);
    }
  };

  const source = (row: MonthRegisterRow, side: 'start' | 'end') => {
    const from = side === 'start' ? row.startSource : row.endSource;
    const at = side === 'start' ? row.startAt : row.endAt;
    if (from === null) return null;
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`monthRegisters.registerSource.${from}`, { at: at === null ? '' : formatDateTime(at) })}
      </Typography.Text>
    );
  };

  const columns: TableColumnsType<MonthRegisterRow> = [
    {
      key: 'meter',
      title: t('monthRegisters.columns.meter'),
      render: (_, row) => (
        <div data-testid={`month-register-meter-${row.code}`}>
          <Typography.Text strong>{row.code}</Typography.Text> <Typography.Text>{row.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.departmentName ?? '—'}
            </Typography.Text>
            {row.manual && (
              <Tag style={{ marginInlineStart: 6 }} data-testid={`month-register-manual-${row.code}`}>
                {t('monthRegisters.manual')}
              </Tag>
            )}
          </div>
        </div>
      ),
    },
    { key: 'multiplier', title: t('monthRegisters.columns.multiplier'), align: 'right', render: (_, row) => withThousands(row.multiplier, 3) },
    {
      key: 'start',
      title: t('monthRegisters.columns.start'),
      align: 'right',
      render: (_, row) => (
        <div>
          <div data-testid={`month-register-start-${row.code}`}>{registerText(row.startRegister)}</div>
          {source(row, 'start')}
        </div>
      ),
    },
    {
      key: 'end',
      title: t('monthRegisters.columns.end'),
      align: 'right',
      render: (_, row) => (
        <div>
          <div data-testid={`month-register-end-${row.code}`}>{registerText(row.endRegister)}</div>
          {source(row, 'end')}
        </div>
      ),
    },
    {
      key: 'energy',
      title: `${t('monthRegisters.columns.registerEnergy')} / ${t('monthRegisters.columns.rollupEnergy')}`,
      align: 'right',
      render: (_, row) => (
        <div data-testid={`month-register-energy-${row.code}`}>
          <Typography.Text strong>{row.registerEnergy === null ? '—' : `${energyText(row.registerEnergy)} ${row.unit}`}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('monthRegisters.columns.rollupEnergy')}: {energyText(row.rollupEnergy)}
            </Typography.Text>
          </div>
          {row.mismatch && (
            <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid={`month-register-mismatch-${row.code}`}>
              {t('monthRegisters.mismatch')} {energyText(row.difference)}
            </Tag>
          )}
          {row.notes.length > 0 && (
            <Flex wrap gap={4} justify="flex-end" style={{ marginTop: 4 }}>
              {row.notes.map((note) => (
                <Tag key={note} color="warning" style={{ marginInlineEnd: 0 }}>
                  {t(`monthRegisters.notes.${note}`)}
                </Tag>
              ))}
            </Flex>
          )}
        </div>
      ),
    },
    {
      key: 'bands',
      title: t('monthRegisters.columns.bands'),
      render: (_, row) =>
        row.bands.length === 0 ? (
          <Typography.Text type="secondary">{t('monthRegisters.unpriced')}</Typography.Text>
        ) : (
          <div data-testid={`month-register-bands-${row.code}`}>
            {row.bands.map((band) => (
              <div key={band.band} style={{ whiteSpace: 'nowrap' }}>
                <span
                  aria-hidden
                  style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: BAND_COLOURS[band.band], marginInlineEnd: 6 }}
                />
                {t(`monthRegisters.bands.${band.band}`)} {energyText(band.energy)}
              </div>
            ))}
          </div>
        ),
    },
    {
      key: 'source',
      title: t('monthRegisters.columns.source'),
      render: (_, row) =>
        row.typed ? (
          <Tooltip title={t('monthRegisters.typedBy', { user: row.typed.editedBy ?? '—', at: formatDateTime(row.typed.editedAt), reason: row.typed.reason })}>
            <Tag color="processing" data-testid={`month-register-typed-${row.code}`}>
              {t('monthRegisters.source.typed')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag>{row.startRegister === null && row.endRegister === null ? t('monthRegisters.source.none') : t('monthRegisters.source.derived')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('monthRegisters.columns.actions'),
      render: (_, row) =>
        row.manual ? (
          <RowActions
            gate={gate}
            actions={[
              {
                button: 'edit',
                label: t('monthRegisters.edit'),
                icon: <EditOutlined />,
                onClick: () => setEditing(row),
                testId: `month-register-edit-${row.code}`,
              },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <Card title={t('monthRegisters.title')} data-testid="month-registers">
      <ListToolbar
        list={controller}
        testId="month-registers"
        filters={
          <>
            <DatePicker
              picker="month"
              allowClear={false}
              value={dayjs(`${controller.month}-01`)}
              onChange={(value) => value && void controller.setMonth(value.format('YYYY-MM'))}
              aria-label={t('monthRegisters.month')}
              data-testid="month-registers-month"
            />
            <DepartmentPicker
              options={departments.options}
              loading={departments.loading}
              value={controller.departmentId}
              onChange={(id) => void controller.setDepartment(id)}
              allowClear
              placeholder={t('monthRegisters.allDepartments')}
              testId="month-registers-department"
            />
          </>
        }
        exports={
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: <span data-testid="month-registers-export-csv">{t('monthRegisters.exportCsv')}</span> },
                { key: 'xlsx', label: <span data-testid="month-registers-export-xlsx">{t('monthRegisters.exportXlsx')}</span> },
              ],
              onClick: ({ key }) => void exportFile(key as MonthRegisterExportFormat),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={controller.rows.length === 0} data-testid="month-registers-export">
              {t('resources.exchange.export')}
            </Button>
          </Dropdown>
        }
      />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('monthRegisters.explain')} />
      <ListTable<MonthRegisterRow>
        rowKey="meterId"
        size="small"
        rows={controller.rows}
        loading={controller.loading}
        clientPageSize={50}
        columns={columns}
        emptyText={t('monthRegisters.empty')}
        testId="month-registers-table"
        rowAttributes={(row) => ({ 'data-testid': `month-register-row-${row.code}` })}
      />
      {editing && (
        <MonthRegisterDialog row={editing} month={controller.month} saving={controller.saving} onSave={controller.save} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
});
