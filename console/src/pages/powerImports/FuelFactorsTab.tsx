import { Alert, Button, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { FuelFactorsView, FuelFactorView } from '@shared/powerImports/api';
import { FUEL_IMPORT_SCREEN, type FuelKind } from '@shared/powerImports/constants';
import { fuelFactorBodySchema, type FuelFactorInput } from '@shared/powerImports/schemas';
import { formFields, schemaFieldErrors } from '../../forms/fieldErrors';
import { FormDialog } from '../../forms/FormDialog';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { createFuelApi, type FuelApi } from './importsApi';
import styles from './powerImports.module.css';

interface FactorFields {
  fuel: FuelKind;
  validFrom: dayjs.Dayjs | null;
  ncvMjPerKg: number | null;
  kgcePerKg: number | null;
  co2KgPerKg: number | null;
  densityKgPerL: number | null;
  densityKgPerNm3: number | null;
  source: string;
  note: string;
}

const gate = { menu: FUEL_IMPORT_SCREEN };
const figure = (value: number | null, digits = 4) => (value === null ? '—' : withThousands(value, digits));

/** The conversion factors: per fuel the built-in default with its source, then the tree's versions by day; add and edit. */
export const FuelFactorsTab = observer(function FuelFactorsTab() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createFuelApi(root.http), [root.http]);
  const [view, setView] = useState<FuelFactorsView | null>(null);
  const [editing, setEditing] = useState<{ id: number | null; from: FuelFactorView } | null>(null);
  const reload = useCallback(() => api.factors().then(setView, () => undefined), [api]);
  useEffect(() => void reload(), [reload]);

  const columns: TableColumnsType<FuelFactorView> = [
    {
      key: 'validFrom',
      title: t('powerImports.factors.validFrom'),
      render: (_, row) => (row.builtIn ? <Tag>{t('powerImports.factors.builtInFrom')}</Tag> : row.validFrom),
    },
    { key: 'ncv', title: t('powerImports.factors.ncv'), align: 'right', render: (_, row) => figure(row.ncvMjPerKg, 3) },
    { key: 'kwh', title: t('powerImports.factors.kwhPerKg'), align: 'right', render: (_, row) => figure(row.kwhPerKg) },
    { key: 'kgce', title: t('powerImports.factors.kgcePerKg'), align: 'right', render: (_, row) => figure(row.kgcePerKg) },
    { key: 'co2', title: t('powerImports.factors.co2PerKg'), align: 'right', render: (_, row) => figure(row.co2KgPerKg) },
    {
      key: 'density',
      title: t('powerImports.factors.density'),
      align: 'right',
      render: (_, row) =>
        row.densityKgPerL !== null ? `${figure(row.densityKgPerL)} kg/L` : row.densityKgPerNm3 !== null ? `${figure(row.densityKgPerNm3)} kg/Nm³` : '—',
    },
    {
      key: 'source',
      title: t('powerImports.factors.source'),
      render: (_, row) => (
        <div>
          <Typography.Text className={styles.source}>{row.source || '—'}</Typography.Text>
          {row.note && (
            <div>
              <Typography.Text type="secondary">{row.note}</Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            row.id !== null && {
              button: 'edit',
              label: t('powerImports.factors.edit'),
              onClick: () => setEditing({ id: row.id, from: row }),
              testId: `factor-edit-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <div data-testid="fuel-factors">
      <Alert type="info" showIcon title={t('powerImports.factors.intro')} className={styles.figures} />
      {(view?.fuels ?? []).map(({ fuel, versions }) => (
        <div key={fuel} className={styles.figures}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={5}>{t(`powerImports.fuels.${fuel}`)}</Typography.Title>
            <Permission menu={FUEL_IMPORT_SCREEN} button="edit">
              <Button size="small" onClick={() => setEditing({ id: null, from: versions.at(-1)! })} data-testid={`factor-add-${fuel}`}>
                {t('powerImports.factors.add')}
              </Button>
            </Permission>
          </Flex>
          <Table
            size="small"
            rowKey={(row) => row.id ?? `default-${fuel}`}
            columns={columns}
            dataSource={versions}
            pagination={false}
            data-testid={`factors-${fuel}`}
          />
        </div>
      ))}
      {editing && <FactorDialog api={api} id={editing.id} from={editing.from} onClose={() => setEditing(null)} onSaved={() => void reload()} />}
    </div>
  );
});

function FactorDialog({ api, id, from, onClose, onSaved }: { api: FuelApi; id: number | null; from: FuelFactorView; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FactorFields>();
  const [saving, setSaving] = useState(false);
  const fuel = Form.useWatch('fuel', form) ?? from.fuel;
  const initial: FactorFields = {
    fuel: from.fuel,
    // A new version starts today unless said otherwise; an edit keeps its day.
    validFrom: id === null ? dayjs().startOf('day') : dayjs(from.validFrom),
    ncvMjPerKg: from.ncvMjPerKg,
    kgcePerKg: from.kgcePerKg,
    co2KgPerKg: from.co2KgPerKg,
    densityKgPerL: from.densityKgPerL,
    densityKgPerNm3: from.densityKgPerNm3,
    source: id === null ? '' : from.source,
    note: id === null ? '' : from.note,
  };
  const submit = async (fields: FactorFields): Promise<string> => {
    const body: FuelFactorInput = {
      fuel: fields.fuel,
      validFrom: fields.validFrom ? fields.validFrom.format('YYYY-MM-DD') : '',
      ncvMjPerKg: fields.ncvMjPerKg ?? Number.NaN,
      kgcePerKg: fields.kgcePerKg ?? Number.NaN,
      co2KgPerKg: fields.co2KgPerKg ?? Number.NaN,
      densityKgPerL: fields.fuel === 'hydrogen' ? null : fields.densityKgPerL,
      densityKgPerNm3: fields.fuel === 'hydrogen' ? fields.densityKgPerNm3 : null,
      source: fields.source,
      note: fields.note,
    };
    const problems = schemaFieldErrors(fuelFactorBodySchema, body);
    if (Object.keys(problems).length > 0) {
      form.setFields(formFields(problems) as never);
      throw new Error('invalid');
    }
    setSaving(true);
    try {
      if (id === null) await api.createFactor(body);
      else await api.updateFactor(id, body);
      onSaved();
      return t('powerImports.factors.saved');
    } finally {
      setSaving(false);
    }
  };
  const number = (name: keyof FactorFields, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('powerImports.mapping.problems.required') }]}>
      <InputNumber min={0} className={styles.full} data-testid={`factor-field-${name}`} />
    </Form.Item>
  );
  return (
    <FormDialog
      form={form}
      title={`${t(id === null ? 'powerImports.factors.addTitle' : 'powerImports.factors.editTitle')} · ${t(`powerImports.fuels.${from.fuel}`)}`}
      okText={t('powerImports.factors.save')}
      cancelText={t('lists.cancel')}
      maxWidth={560}
      testId="factor-dialog"
      saving={saving}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        {/* The fuel is the section's the dialog was opened from: kept as a hidden field. */}
        <Form.Item name="fuel" hidden>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validFrom"
              label={t('powerImports.factors.validFrom')}
              rules={[{ required: true, message: t('powerImports.mapping.problems.required') }]}
            >
              <DatePicker className={styles.full} data-testid="factor-field-validFrom" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {number('ncvMjPerKg', t('powerImports.factors.ncv'))}
          </Col>
          <Col xs={24} sm={12}>
            {number('kgcePerKg', t('powerImports.factors.kgcePerKg'))}
          </Col>
          <Col xs={24} sm={12}>
            {number('co2KgPerKg', t('powerImports.factors.co2PerKg'))}
          </Col>
          <Col xs={24} sm={12}>
            {fuel === 'hydrogen'
              ? number('densityKgPerNm3', t('powerImports.factors.densityNm3'))
              : number('densityKgPerL', t('powerImports.factors.densityL'))}
          </Col>
        </Row>
        <Form.Item name="source" label={t('powerImports.factors.source')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="note" label={t('powerImports.factors.note')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
