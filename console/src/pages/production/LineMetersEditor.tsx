import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lineMetersBodySchema, PRODUCTION_SCREENS, type LineMeter } from '@shared/production/api';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import { fieldErrors, keyText, schemaIssues, serverIssues, type FieldErrors } from '../../forms/fieldErrors';
import { useNotify } from '../../feedback/notify';
import { usePermission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { useProductionApi } from './productionApi';
import { fixedText } from './productionFormat';

interface Entry {
  key: number;
  meterId: number | null;
  ratio: number | null;
  /** The share the meter already gives to other lines (from the last answer; 0 for a meter just added). */
  otherLines: number;
}

/** The body the contract takes from the editor's rows (an unchosen meter or ratio is sent as 0, which the check names). */
export const metersBody = (entries: readonly Entry[]) => ({ meters: entries.map((entry) => ({ meterId: entry.meterId ?? 0, ratio: entry.ratio ?? 0 })) });

/**
 * The meters feeding a line, each with the share of its energy the line takes (0 < ratio ≤ 1; a meter's shares over
 * all lines add up to at most 1). Saved as a whole with the line screen's edit button; a refused row shows the
 * server's message under its field.
 */
export function LineMetersEditor({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useProductionApi();
  const notify = useNotify();
  const canEdit = usePermission(PRODUCTION_SCREENS.line)('edit');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [meters, setMeters] = useState<ResourceOption[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [nextKey, setNextKey] = useState(1_000_000);

  const adopt = (answer: LineMeter[]) =>
    setEntries(answer.map((meter) => ({ key: meter.meterId, meterId: meter.meterId, ratio: meter.ratio, otherLines: meter.otherLines })));

  useEffect(() => {
    let current = true;
    setLoading(true);
    setErrors({});
    Promise.all([api.lineMeters(lineId), canEdit ? fetchOptions(root.http, 'meters') : Promise.resolve([])])
      .then(([answer, options]) => {
        if (!current) return;
        adopt(answer);
        setMeters(options);
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, lineId, root.http, canEdit]);

  const change = (key: number, patch: Partial<Entry>) => setEntries((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const save = async () => {
    const body = metersBody(entries);
    const local = fieldErrors(schemaIssues(lineMetersBodySchema, body));
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      adopt(await api.putLineMeters(lineId, body));
      notify.success(t('production.meters.saved'));
    } catch (error) {
      setErrors(fieldErrors(serverIssues(error)));
    } finally {
      setSaving(false);
    }
  };
  const names = useMemo(() => new Map(meters.map((meter) => [meter.id, meter.name])), [meters]);
  const errorAt = (index: number, field: 'meterId' | 'ratio') => {
    const text = errors[`meters.${index}.${field}`];
    return text ? (
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid={`line-meter-error-${index}-${field}`}>
        {keyText(t, text)}
      </Typography.Text>
    ) : null;
  };

  return (
    <div data-testid="line-meters">
      <Table<Entry>
        rowKey="key"
        size="small"
        loading={loading}
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: t('production.meters.none') }}
        columns={[
          {
            key: 'meter',
            title: t('production.meters.meter'),
            render: (_, row, index) =>
              canEdit ? (
                <>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    value={row.meterId ?? undefined}
                    onChange={(meterId: number) => change(row.key, { meterId, otherLines: 0 })}
                    options={meters.map((meter) => ({ value: meter.id, label: meter.name }))}
                    style={{ width: '100%', minWidth: 180 }}
                    status={errors[`meters.${index}.meterId`] ? 'error' : undefined}
                    placeholder={t('production.meters.choose')}
                    aria-label={t('production.meters.meter')}
                    data-testid={`line-meter-${index}`}
                  />
                  {errorAt(index, 'meterId')}
                </>
              ) : (
                (names.get(row.meterId ?? 0) ?? String(row.meterId))
              ),
          },
          {
            key: 'ratio',
            title: t('production.meters.ratio'),
            width: 150,
            render: (_, row, index) =>
              canEdit ? (
                <>
                  <InputNumber
                    value={row.ratio}
                    min={0}
                    max={1}
                    step={0.05}
                    onChange={(ratio) => change(row.key, { ratio: typeof ratio === 'number' ? ratio : null })}
                    status={errors[`meters.${index}.ratio`] ? 'error' : undefined}
                    style={{ width: '100%' }}
                    aria-label={t('production.meters.ratio')}
                    data-testid={`line-meter-ratio-${index}`}
                  />
                  {errorAt(index, 'ratio')}
                </>
              ) : (
                fixedText(row.ratio, 3)
              ),
          },
          { key: 'others', title: t('production.meters.otherLines'), width: 130, align: 'right', render: (_, row) => fixedText(row.otherLines, 3) },
          ...(canEdit
            ? [
                {
                  key: 'remove',
                  width: 48,
                  render: (_: unknown, row: Entry) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('production.meters.remove')}
                      onClick={() => setEntries((rows) => rows.filter((other) => other.key !== row.key))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {errors.meters && <Typography.Text type="danger">{keyText(t, errors.meters)}</Typography.Text>}
      {canEdit && (
        <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              setEntries((rows) => [...rows, { key: nextKey, meterId: null, ratio: 1, otherLines: 0 }]);
              setNextKey((key) => key + 1);
            }}
            data-testid="line-meter-add"
          >
            {t('production.meters.add')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving} data-testid="line-meters-save">
            {t('production.meters.save')}
          </Button>
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('production.meters.hint')}
      </Typography.Paragraph>
    </div>
  );
}
